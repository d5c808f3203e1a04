!---------------------------------------------------------------------------------------------------
! AUTO-07p equations of the test oracle tests/cli/auto_orbit_oracle.sh (issue 38): the flow of the
! limit directions on the sphere, dw/dtau = V*(w) = (I - w w^T)(M^-1 (q(w) + F d + e))
! ((108) [Nonlinear Dyn. 2024], docs/manual.md sections 1-2, the general preset), with the
! harmonic model q = -(w1 C(u), w2 C(u), (kappa/rho) w3 S(u)), u = w3^2, C = sum C_k u^(k-1),
! S = sum S_k u^(k-1) ((86), docs/manual.md section 8; degree N <= 4), written in the
! stereographic chart from the antipode of a point n of the sphere: with the orthonormal frame
! (n, a, b) and y = (y_n, y_a, y_b) the frame's coordinates of w,
!   (u1, u2) = (y_a, y_b)/(1 + y_n),   y = (1 - s, 2 u1, 2 u2)/(1 + s),   s = u1^2 + u2^2.
! The chart's velocity is the push-forward of V* itself (no time rescaling, so the periods are
! those of V* in tau), g = (n, a, b) . V*(w):
!   du1/dtau = g_a/(1 + y_n) - y_a g_n/(1 + y_n)^2,   du2/dtau = g_b/(1 + y_n) - y_b g_n/(1 + y_n)^2,
! and the chart is a diffeomorphism of the sphere without -n, so the Floquet multipliers of an
! orbit are those of the return map on the sphere. NDIM = 2, U = (u1, u2), PAR(1) = F;
! PAR(21:29) = M (row by row), PAR(30:32) = d, PAR(33:35) = e, PAR(36:44) = the frame's rows
! n, a, b, PAR(45) = kappa/rho, PAR(46:49) = C_1..C_4, PAR(50:53) = S_1..S_4, all set by the
! driver from the problem file and friction-model (never written here). PAR(11) is AUTO's period.
!---------------------------------------------------------------------------------------------------
SUBROUTINE FUNC(NDIM, U, ICP, PAR, IJAC, F, DFDU, DFDP)
  IMPLICIT NONE
  INTEGER, INTENT(IN) :: NDIM, ICP(*), IJAC
  DOUBLE PRECISION, INTENT(IN) :: U(NDIM), PAR(*)
  DOUBLE PRECISION, INTENT(OUT) :: F(NDIM)
  DOUBLE PRECISION, INTENT(INOUT) :: DFDU(NDIM, NDIM), DFDP(NDIM, *)
  DOUBLE PRECISION :: m(3, 3), mi(3, 3), det, tf(3, 3), s, y(3), w(3), q(3), xd(3), vs(3), g(3)
  DOUBLE PRECISION :: u3, cm, sm
  INTEGER :: i, j

  DO i = 1, 3
    DO j = 1, 3
      m(i, j) = PAR(20 + 3 * (i - 1) + j)
      tf(i, j) = PAR(35 + 3 * (i - 1) + j)
    END DO
  END DO
  ! M^-1 = adj(M)/det(M)
  mi(1, 1) = m(2, 2) * m(3, 3) - m(2, 3) * m(3, 2)
  mi(1, 2) = m(1, 3) * m(3, 2) - m(1, 2) * m(3, 3)
  mi(1, 3) = m(1, 2) * m(2, 3) - m(1, 3) * m(2, 2)
  mi(2, 1) = m(2, 3) * m(3, 1) - m(2, 1) * m(3, 3)
  mi(2, 2) = m(1, 1) * m(3, 3) - m(1, 3) * m(3, 1)
  mi(2, 3) = m(1, 3) * m(2, 1) - m(1, 1) * m(2, 3)
  mi(3, 1) = m(2, 1) * m(3, 2) - m(2, 2) * m(3, 1)
  mi(3, 2) = m(1, 2) * m(3, 1) - m(1, 1) * m(3, 2)
  mi(3, 3) = m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1)
  det = m(1, 1) * mi(1, 1) + m(1, 2) * mi(2, 1) + m(1, 3) * mi(3, 1)
  mi = mi / det

  ! the point of the sphere: the inverse stereographic chart, then the frame
  s = U(1)**2 + U(2)**2
  y = (/ (1 - s) / (1 + s), 2 * U(1) / (1 + s), 2 * U(2) / (1 + s) /)
  w = MATMUL(TRANSPOSE(tf), y)

  ! the harmonic model (86): C and S by Horner's rule in u = w3^2
  u3 = w(3)**2
  cm = 0
  sm = 0
  DO i = 4, 1, -1
    cm = cm * u3 + PAR(45 + i)
    sm = sm * u3 + PAR(49 + i)
  END DO
  q = (/ -w(1) * cm, -w(2) * cm, -PAR(45) * w(3) * sm /)

  ! (108): x' = M^-1 (q + F d + e), V* = x' - (w . x') w, in the frame
  DO i = 1, 3
    q(i) = q(i) + PAR(1) * PAR(29 + i) + PAR(32 + i)
  END DO
  xd = MATMUL(mi, q)
  vs = xd - DOT_PRODUCT(w, xd) * w
  g = MATMUL(tf, vs)
  F(1) = g(2) / (1 + y(1)) - y(2) * g(1) / (1 + y(1))**2
  F(2) = g(3) / (1 + y(1)) - y(3) * g(1) / (1 + y(1))**2
END SUBROUTINE FUNC
