#pragma once
// The harmonic friction model of degree N (82)-(96) [Nonlinear Dyn. 2024].
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace limitdir {

namespace detail {
class ChebyshevBox;
}

/// (82)-(88): the harmonic model of degree N. The Fourier coefficients c_i, s_i of (83) are
/// computed from a reference model by tanh-sinh quadrature split at its breakpoints; the
/// polynomial coefficients C_i, S_i of (84)-(85) follow exactly from
/// cos((2i-1) th) = cos th (-1)^(i-1) U_{2i-2}(sin th), sin((2i-1) th) = (-1)^(i-1) T_{2i-1}(sin th).
/// Evaluation uses the equivalent Chebyshev series in y = 2 w3^2 - 1 (Clenshaw), which is
/// stable for every N.
class HarmonicModel : public AxisymmetricModel {
 public:
  HarmonicModel(const AxisymmetricModel& reference, int N);
  /// Directly from Fourier coefficients (c.size() == s.size() == N >= 1).
  HarmonicModel(std::vector<double> c, std::vector<double> s, double rho_over_R, double kappa_over_rho,
                std::string reference_description);
  int degree() const { return static_cast<int>(c_.size()); }
  const std::vector<double>& c() const { return c_; }
  const std::vector<double>& s() const { return s_; }
  const std::vector<double>& C() const { return C_; }
  const std::vector<double>& S() const { return S_; }
  /// The Chebyshev coefficients in y = 2 w3^2 - 1 that q is evaluated from: C(w3) =
  /// sum_j alpha_j T_j(y), S(w3) = sum_j beta_j T_j(y) (the model as computed, for proofs).
  const std::vector<double>& chebyshev_C() const { return alpha_; }
  const std::vector<double>& chebyshev_S() const { return beta_; }
  /// Largest estimated quadrature error of the c_i, s_i.
  double coefficient_error() const { return coefficient_error_; }
  std::string name() const override { return "harmonic"; }
  std::string description() const override;
  MeridianValue meridian(double w12, double w3) const override;
  MeridianValue meridian_values(double w12, double w3) const override;
  /// The Chebyshev series in y = w3^2 - w12^2 enclosed without wrapping in the degree
  /// (numerics/chebyshev.hpp, ChebyshevBox), intersected with interval Clenshaw at low degree.
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override;
  /// (86) with C and S from C_jet and S_jet (friction/enclose_jet.cpp).
  std::optional<IJet2Vec3> q_jet(const IJet2Vec3& w) const override;
  /// C and S of (84)-(85) as second-order interval jets over the jets of y = w3^2 - w12^2: interval
  /// Clenshaw on the jets up to degree 4, above C, C', C'' from ChebyshevBox of the series and of
  /// its derivative series and the chain rule through y (friction/enclose_jet.cpp). For q_jet and
  /// for q_k/w_k of the symmetric reduction (limits/pitchfork_proof.cpp).
  IJet2 C_jet(const IJet2& y) const;
  IJet2 S_jet(const IJet2& y) const;

 private:
  void prepare();
  std::vector<double> c_, s_, C_, S_;
  std::vector<double> alpha_, beta_, dalpha_, dbeta_;  // Chebyshev series in y and d/dy
  std::shared_ptr<const detail::ChebyshevBox> box_C_, box_S_;  // enclosures of alpha_, beta_ (immutable, shared by copies)
  std::shared_ptr<const detail::ChebyshevBox> box_dC_, box_dS_;  // of their derivative series (interval coefficients)
  double coefficient_error_ = 0.0;
  std::string reference_;
};

/// Fourier coefficients (83) of a model: returns {c, s} of length N; err receives the
/// estimated absolute quadrature error.
void harmonic_coefficients(const AxisymmetricModel& reference, int N, std::vector<double>& c,
                           std::vector<double>& s, double* err = nullptr);

}  // namespace limitdir
