"""limitdir.sweep returns the diagram sweep-force prints (docs/python.md "Analysis"), every number
to the last digit; the options as keyword arguments (a switch by True)."""
import limitdir
from test_jobs import same_as_app


def test_sweep_equals_the_app():
    same_as_app(limitdir.sweep, "sweep-force", "ball.json", ["--from", "0.05", "--to", "4"], start=0.05, stop=4)
    same_as_app(limitdir.sweep, "sweep-force", "disc.json", ["--parameter", "rho", "--from", "0.4", "--to", "0.9",
                                                            "--force", "0.6"], parameter="rho", start=0.4, stop=0.9,
                force=0.6)
    same_as_app(limitdir.sweep, "sweep-force", "general.json", ["--from", "0.05", "--to", "1.5", "--enclose-events"],
                start=0.05, stop=1.5, enclose_events=True)
