"""The example notebook docs/examples/ball-map.ipynb (docs/python.md "Figures and notebooks") runs
from top to bottom under nbconvert (Debian's jupyter-nbconvert and python3-ipykernel, installed
by scripts/install-deps.sh), and every report it shows is displayed as its figure."""
import os
import subprocess
import sys

import nbformat

NOTEBOOK = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "examples", "ball-map.ipynb")


def test_the_example_notebook_runs_and_shows_its_reports_as_figures(tmp_path):
    executed = tmp_path / "ball-map.ipynb"
    # the kernel is this interpreter (ipykernel's native kernel: sys.executable of nbconvert),
    # with the environment ctest gives the tests (PYTHONPATH: the built module; LIMITDIR_SHARE_DIR)
    r = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=120", "--output", str(executed), NOTEBOOK],
                       capture_output=True, text=True, cwd=os.path.dirname(NOTEBOOK))
    assert r.returncode == 0, r.stderr
    nb = nbformat.read(str(executed), as_version=4)
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    figures = [o for o in outputs if "data" in o and "image/svg+xml" in o["data"]]
    # the two maps, the degree study and its convergence plot
    assert len(figures) == 4
    assert all(f["data"]["image/svg+xml"].lstrip().startswith("<?xml") or
               "<svg" in f["data"]["image/svg+xml"] for f in figures)
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert text.count("certificate: proven") == 2
