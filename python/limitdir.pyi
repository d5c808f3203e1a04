# Type stubs of the extension module limitdir (python/, docs/python.md).
import os
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

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
def sweep(problem: Target, parameter: Optional[str] = None, start: Optional[float] = None,
          stop: Optional[float] = None, **options: Any) -> Dict[str, Any]: ...
def bifurcation_map(problem: Target, **options: Any) -> Dict[str, Any]: ...
def simulate(problem: Target, on_point: Optional[Callable[[Dict[str, Any]], None]] = None,
             **options: Any) -> Dict[str, Any]: ...
def classify(problem: Optional[Target] = None, directions: Optional[Union[npt.ArrayLike, Dict[str, Any], str, os.PathLike]] = None,
             *, regions: Optional[Union[str, os.PathLike, Dict[str, Any]]] = None, **options: Any) -> Dict[str, Any]: ...
def scan(problem: Union[str, os.PathLike], *, job: Optional[str] = None, grid: Optional[Union[str, List[str]]] = None,
         points: Optional[Union[str, os.PathLike]] = None, random: Optional[int] = None, seed: Optional[int] = None,
         shard: Optional[str] = None, resume: Optional[Union[str, os.PathLike]] = None, jobs: Optional[int] = None,
         full: bool = False, merge: Optional[Union[str, os.PathLike, List[Union[str, os.PathLike]]]] = None,
         summary: Optional[Union[str, os.PathLike]] = None,
         **options: Any) -> Union[List[Dict[str, Any]], Dict[str, Any]]: ...
def roll(document: Union[str, os.PathLike, Dict[str, Any]], **options: Any) -> Dict[str, Any]: ...
def celt(document: Union[str, os.PathLike, Dict[str, Any]], **options: Any) -> Dict[str, Any]: ...
def directions(report: Dict[str, Any]) -> npt.NDArray[np.float64]: ...
def branches(diagram: Dict[str, Any]) -> List[Tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]: ...
