!---------------------------------------------------------------------------------------------------
! AUTO-07p equations of the test oracle tests/cli/auto_oracle.sh (issue 20): the limit directions
! of the ball (docs/manual.md section 2) with the harmonic model N = 2 on the invariant circle
! w = (cos psi, 0, sin psi) (docs/manual.md section 3). The field along the circle,
!   g(psi) = t . (B(w) w + c) = sin(psi) (cos(psi) A(u) - F),   t = (-sin psi, 0, cos psi),
! with u = w3^2 = sin(psi)^2, A(u) = m1 C(u) - (kappa/rho) m3 S(u), C = C1 + C2 u, S = S1 + S2 u and
! c = (F, 0, 0) (docs/manual.md section 1), vanishes off the equator where
!   h(psi; F, lambda) = cos(psi) A(u) - F = 0                     ((132) [Nonlinear Dyn. 2024])
! and g_psi = sin(psi) h_psi there, so the folds of g = 0 off the equator are those of h = 0.
! NDIM = 1, U(1) = psi, PAR(1) = F, PAR(2) = lambda; PAR(3:6) = C1, C2, S1, S2 and
! PAR(7) = m1, PAR(8) = K with (kappa/rho) m3 = K / lambda^2 (M^-1 of the ball: m1 = (1 + j)/j,
! m3 = rho^2 / (j lambda^2), docs/manual.md section 2) are set by the driver from friction-model,
! never written here.
!---------------------------------------------------------------------------------------------------
SUBROUTINE FUNC(NDIM, U, ICP, PAR, IJAC, F, DFDU, DFDP)
  IMPLICIT NONE
  INTEGER, INTENT(IN) :: NDIM, ICP(*), IJAC
  DOUBLE PRECISION, INTENT(IN) :: U(NDIM), PAR(*)
  DOUBLE PRECISION, INTENT(OUT) :: F(NDIM)
  DOUBLE PRECISION, INTENT(INOUT) :: DFDU(NDIM, NDIM), DFDP(NDIM, *)
  DOUBLE PRECISION :: psi, load, lambda, m3, dm3, a0, a1, s, c, w3sq

  ! m3 stands for (kappa/rho) m3, the factor of S in A

  psi = U(1)
  load = PAR(1)
  lambda = PAR(2)
  m3 = PAR(8) / lambda**2
  a0 = PAR(7) * PAR(3) - m3 * PAR(5)
  a1 = PAR(7) * PAR(4) - m3 * PAR(6)
  s = SIN(psi)
  c = COS(psi)
  w3sq = s * s
  F(1) = c * (a0 + a1 * w3sq) - load
  IF (IJAC == 0) RETURN
  DFDU(1, 1) = -s * (a0 + a1 * w3sq) + 2 * a1 * s * c * c
  IF (IJAC == 1) RETURN
  dm3 = -2 * PAR(8) / lambda**3
  DFDP(1, 1) = -1
  DFDP(1, 2) = -c * dm3 * (PAR(5) + PAR(6) * w3sq)
END SUBROUTINE FUNC
