"""scripts/lab_overrides.py: ``make lab``'s JupyterLab settings, merged, never clobbered.

The expected files are written out by hand in JupyterLab 4's overrides.json
format (plugin id -> settings); docs/export.md, section 6.
"""

from __future__ import annotations

import json

import pytest

from scripts.lab_overrides import OVERRIDES, main, merge_overrides

WIDGETS = "@jupyter-widgets/jupyterlab-manager:plugin"
THEMES = "@jupyterlab/apputils-extension:themes"


def test_the_setting_is_the_widget_managers_save_state():
    assert OVERRIDES == {WIDGETS: {"saveState": True}}


def test_a_missing_file_and_its_folders_are_created(tmp_path):
    path = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert merge_overrides(path) is True
    assert json.loads(path.read_text()) == {WIDGETS: {"saveState": True}}


def test_other_plugins_and_other_settings_of_the_plugin_are_kept(tmp_path):
    path = tmp_path / "overrides.json"
    path.write_text(
        json.dumps(
            {
                THEMES: {"theme": "JupyterLab Dark"},
                WIDGETS: {"saveState": False, "other": 1},
            }
        )
    )
    assert merge_overrides(path) is True
    assert json.loads(path.read_text()) == {
        THEMES: {"theme": "JupyterLab Dark"},
        WIDGETS: {"saveState": True, "other": 1},
    }


def test_a_second_run_changes_nothing(tmp_path):
    path = tmp_path / "overrides.json"
    merge_overrides(path)
    before = path.stat().st_mtime_ns
    assert merge_overrides(path) is False
    assert path.stat().st_mtime_ns == before


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "must hold a JSON object"),
        (json.dumps({WIDGETS: True}), "must be an object of settings"),
    ],
)
def test_a_bad_file_is_named_and_left_unchanged(tmp_path, text, complaint):
    path = tmp_path / "overrides.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=complaint) as raised:
        merge_overrides(path)
    assert str(path) in str(raised.value)
    assert path.read_text() == text


def test_the_command_line_reports_a_bad_file_with_status_1(tmp_path, capsys):
    path = tmp_path / "overrides.json"
    path.write_text("{not json")
    assert main([str(path)]) == 1
    assert "is not JSON" in capsys.readouterr().err
    assert main([]) == 2
