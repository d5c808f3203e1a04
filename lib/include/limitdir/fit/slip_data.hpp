#pragma once
// Measured friction at known slips (docs/manual.md section 16, "Data"): one row per measurement,
// read from CSV with a header that names the columns.
#include <Eigen/Core>
#include <string>
#include <utility>
#include <vector>

namespace limitdir {

/// The slip of a row: the direction (w1, w2, w3) of (u_x, u_y, rho omega_z) (31), any nonzero
/// scale; or the velocities (ux, uy, omega) in m/s and rad/s, turned into that direction with
/// rho in metres.
enum class SlipColumns { direction, velocity };
/// The friction of a row: the dimensionless q = (Q_x, Q_y, T_z/rho)/(mu P) (31) (q1, q2, q3); or
/// the force and torque (Fx, Fy, Tz) in N and N m, compared as (F_x, F_y, T_z/rho) = mu P q.
enum class FrictionColumns { dimensionless, force };

/// Rows [begin, end) of one problem of a family: `settings` are keys of the problem file set on
/// top of the fit's free keys (none for measured data).
struct SlipCase {
  std::vector<std::pair<std::string, double>> settings;
  std::size_t begin = 0, end = 0;
};

struct SlipData {
  SlipColumns slip = SlipColumns::direction;
  FrictionColumns friction = FrictionColumns::dimensionless;
  std::vector<Eigen::Vector3d> s, f;  ///< each row's slip and friction columns, as read
  std::vector<double> weight;         ///< > 0; 1 without a weight column
  std::vector<SlipCase> cases;        ///< consecutive, covering every row (none: one case, no settings)
  std::size_t size() const { return s.size(); }
};

/// Reads the CSV at `path`: a header naming w1,w2,w3 or ux,uy,omega, and q1,q2,q3 or Fx,Fy,Tz,
/// optionally weight (1/sigma of the row, up to a common factor), in any order; other columns
/// are an error. InputError "<path>: line N: ..." for a missing, repeated or unknown column, a
/// field that is not a finite number, a zero slip, a weight <= 0, or no row.
SlipData read_slip_csv(const std::string& path);
/// The same from the text of a file (`source` names it in messages).
SlipData parse_slip_csv(const std::string& text, const std::string& source);

}  // namespace limitdir
