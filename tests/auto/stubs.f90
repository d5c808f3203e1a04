!---------------------------------------------------------------------------------------------------
! The user routines AUTO-07p links besides FUNC, empty for the test oracles' equations
! (tests/auto/fold.f90, tests/auto/orbit.f90; tests/cli/common.bash auto_compile links this file
! with each): the starting point and the parameters come from the constants file (U, PAR), and
! the oracles have no boundary or integral conditions, objective or solution measures.
!---------------------------------------------------------------------------------------------------
SUBROUTINE STPNT(NDIM, U, PAR, T)
  IMPLICIT NONE
  INTEGER, INTENT(IN) :: NDIM
  DOUBLE PRECISION, INTENT(INOUT) :: U(NDIM), PAR(*)
  DOUBLE PRECISION, INTENT(IN) :: T
END SUBROUTINE STPNT

SUBROUTINE BCND
END SUBROUTINE BCND

SUBROUTINE ICND
END SUBROUTINE ICND

SUBROUTINE FOPT
END SUBROUTINE FOPT

SUBROUTINE PVLS
END SUBROUTINE PVLS
