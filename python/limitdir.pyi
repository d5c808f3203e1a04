# Type stubs of the extension module limitdir (python/, docs/python.md).
import os
from typing import Any, Callable, Dict, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

class NumericalError(ArithmeticError):
    """A computation detected that it could not deliver (the apps' exit code 3 without a report)."""

class IncompleteWarning(UserWarning):
    """A report whose certificate is below the required level (the apps' exit code 3 with a report)."""

class Problem:
    """A problem file (docs/manual.md section 4), validated as the apps validate it."""
    name: str
    source: str
    force: float
    @staticmethod
    def from_file(path: Union[str, os.PathLike]) -> "Problem": ...
    @staticmethod
    def from_dict(document: Dict[str, Any], source: str = "<problem>") -> "Problem": ...
    def to_dict(self) -> Dict[str, Any]: ...

Target = Union[Problem, str, os.PathLike, Dict[str, Any]]

class FrictionModel:
    """q(w) = Q(w)/(mu P), (31) [Nonlinear Dyn. 2024], of a problem's friction model."""
    name: str
    description: str
    def q(self, W: npt.ArrayLike) -> npt.NDArray[np.float64]: ...
    def dq_dw(self, W: npt.ArrayLike) -> npt.NDArray[np.float64]: ...

def friction_model(problem: Target) -> FrictionModel: ...
def find_limits(problem: Target, **options: Any) -> Dict[str, Any]: ...
def sweep(problem: Target, parameter: str = "force", start: Optional[float] = None,
          stop: Optional[float] = None, **options: Any) -> Dict[str, Any]: ...
def bifurcation_map(problem: Target, **options: Any) -> Dict[str, Any]: ...
def simulate(problem: Target, on_point: Optional[Callable[[Dict[str, Any]], None]] = None,
             **options: Any) -> Dict[str, Any]: ...
def roll(document: Union[str, os.PathLike, Dict[str, Any]], **options: Any) -> Dict[str, Any]: ...
def celt(document: Union[str, os.PathLike, Dict[str, Any]], **options: Any) -> Dict[str, Any]: ...
