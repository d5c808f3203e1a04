// Contact Jacobians and the sparse Delassus operator (granular/delassus.hpp).
#include "limitdir/granular/delassus.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace limitdir {

namespace {

// Bodies per item of the parallel gather of dv (a body has ~6 contacts of ~60 flops each).
constexpr std::size_t kBodyChunk = 256;

// [e]_x such that [e]_x w = e x w.
Eigen::Matrix3d cross_matrix(const Eigen::Vector3d& e) {
  Eigen::Matrix3d m;
  m << 0.0, -e.z(), e.y(), e.z(), 0.0, -e.x(), -e.y(), e.x(), 0.0;
  return m;
}


}  // namespace

ContactJacobian contact_jacobian(const SphereBodies& s, const SphereContact& c) {
  const Eigen::Matrix3d& F = c.frame;  // columns n, t1, t2
  const Eigen::Vector3d n = F.col(0);
  ContactJacobian H;
  H.Hv_a.setZero();
  H.Hw_a.setZero();
  H.Hw_b.setZero();
  // e . (v_a + omega_a x (-R_a n)) = e . v_a - R_a (n x e) . omega_a, e = n, t1, t2
  // (e . (w x m) = (m x e) . w); the -b part: -e . v_b - R_b (n x e) . omega_b. For e = n the
  // angular part vanishes.
  const double Ra = s.radius[static_cast<std::size_t>(c.a)];
  const Eigen::Matrix3d nx = cross_matrix(n);
  for (int i = 0; i < 3; ++i) {
    H.Hv_a.row(i) = F.col(i).transpose();
    H.Hw_a.row(i) = -Ra * (nx * F.col(i)).transpose();
  }
  // Rolling rows: w_R = (t1, t2) . (omega_a - omega_b).
  H.Hw_a.row(3) = F.col(1).transpose();
  H.Hw_a.row(4) = F.col(2).transpose();
  if (!c.with_wall()) {
    const double Rb = s.radius[static_cast<std::size_t>(c.b)];
    for (int i = 1; i < 3; ++i) H.Hw_b.row(i) = -Rb * (nx * F.col(i)).transpose();
    H.Hw_b.row(3) = -F.col(1).transpose();
    H.Hw_b.row(4) = -F.col(2).transpose();
  }
  return H;
}

Vector5 contact_velocity(const SphereBodies& s, const SphereContact& c, const ContactJacobian& H) {
  const std::size_t a = static_cast<std::size_t>(c.a);
  Vector5 y = H.Hv_a * s.v[a] + H.Hw_a * s.omega[a];
  if (!c.with_wall()) {
    const std::size_t b = static_cast<std::size_t>(c.b);
    y += H.Hv_b() * s.v[b] + H.Hw_b * s.omega[b];
  }
  return y;
}

void body_velocity_changes(const DelassusFactors& f, const Eigen::VectorXd& p, std::vector<Vector6>& dv,
                           WorkerPool* pool) {
  const std::size_t bodies = f.inv_mass.size();
  dv.resize(bodies);
  for_each_index(pool, bodies, kBodyChunk, [&](std::size_t k) {
    Eigen::Vector3d v = Eigen::Vector3d::Zero(), w = Eigen::Vector3d::Zero();
    for (int m = f.start[k]; m < f.start[k + 1]; ++m) {
      const std::size_t al = static_cast<std::size_t>(f.member[static_cast<std::size_t>(m)]);
      const Vector5 pa = p.segment<5>(static_cast<Eigen::Index>(5 * al));
      const ContactJacobian& H = f.H[al];
      if (static_cast<std::size_t>(f.a[al]) == k) {
        v.noalias() += H.Hv_a.transpose() * pa;
        w.noalias() += H.Hw_a.transpose() * pa;
      } else {
        v.noalias() -= H.Hv_a.transpose() * pa;  // Hv_b = -Hv_a
        w.noalias() += H.Hw_b.transpose() * pa;
      }
    }
    dv[k] << f.inv_mass[k] * v, f.inv_inertia[k] * w;
  });
}

Vector5 contact_velocity_change(const DelassusFactors& f, int alpha, const std::vector<Vector6>& dv) {
  const std::size_t al = static_cast<std::size_t>(alpha);
  const ContactJacobian& H = f.H[al];
  const Vector6& da = dv[static_cast<std::size_t>(f.a[al])];
  Vector5 y = H.Hv_a * da.head<3>() + H.Hw_a * da.tail<3>();
  if (f.b[al] >= 0) {
    const Vector6& db = dv[static_cast<std::size_t>(f.b[al])];
    y.noalias() -= H.Hv_a * db.head<3>();
    y.noalias() += H.Hw_b * db.tail<3>();
  }
  return y;
}

void add_contact_impulse(const DelassusFactors& f, int alpha, const Vector5& dp, std::vector<Vector6>& dv) {
  const std::size_t al = static_cast<std::size_t>(alpha);
  const ContactJacobian& H = f.H[al];
  const std::size_t a = static_cast<std::size_t>(f.a[al]);
  const Eigen::Vector3d Jv = H.Hv_a.transpose() * dp;
  dv[a].head<3>() += f.inv_mass[a] * Jv;
  dv[a].tail<3>() += f.inv_inertia[a] * (H.Hw_a.transpose() * dp);
  if (f.b[al] >= 0) {
    const std::size_t b = static_cast<std::size_t>(f.b[al]);
    dv[b].head<3>() -= f.inv_mass[b] * Jv;
    dv[b].tail<3>() += f.inv_inertia[b] * (H.Hw_b.transpose() * dp);
  }
}

Eigen::VectorXd BlockSparseProblem::velocity(const Eigen::VectorXd& p) const {
  Eigen::VectorXd y = q;
  if (factored()) {
    std::vector<Vector6> dv;
    body_velocity_changes(factors, p, dv);
    for (int a = 0; a < contacts(); ++a) y.segment<5>(5 * a) += contact_velocity_change(factors, a, dv);
    return y;
  }
  for (int a = 0; a < contacts(); ++a) y.segment<5>(5 * a) += diagonal[static_cast<std::size_t>(a)] * p.segment<5>(5 * a) + coupling(a, p);
  return y;
}

Vector5 BlockSparseProblem::coupling(int alpha, const Eigen::VectorXd& p) const {
  if (factored())
    return (velocity(p) - q).segment<5>(5 * alpha) - diagonal[static_cast<std::size_t>(alpha)] * p.segment<5>(5 * alpha);
  Vector5 s = Vector5::Zero();
  for (int k = row_start[static_cast<std::size_t>(alpha)]; k < row_start[static_cast<std::size_t>(alpha) + 1]; ++k)
    s.noalias() += blocks[static_cast<std::size_t>(k)] * p.segment<5>(5 * column[static_cast<std::size_t>(k)]);
  return s;
}

RollingProblem BlockSparseProblem::dense() const {
  const int n = contacts();
  RollingProblem out;
  out.W = Eigen::MatrixXd::Zero(5 * n, 5 * n);
  if (factored()) {  // column beta of W is W e_beta
    for (int be = 0; be < n; ++be)
      for (int i = 0; i < 5; ++i) {
        Eigen::VectorXd e = Eigen::VectorXd::Zero(5 * n);
        e[5 * be + i] = 1.0;
        std::vector<Vector6> dv;
        body_velocity_changes(factors, e, dv);
        for (int a = 0; a < n; ++a) out.W.block<5, 1>(5 * a, 5 * be + i) = contact_velocity_change(factors, a, dv);
      }
  }
  for (int a = 0; a < n && !factored(); ++a) {
    out.W.block<5, 5>(5 * a, 5 * a) += diagonal[static_cast<std::size_t>(a)];
    for (int k = row_start[static_cast<std::size_t>(a)]; k < row_start[static_cast<std::size_t>(a) + 1]; ++k)
      out.W.block<5, 5>(5 * a, 5 * column[static_cast<std::size_t>(k)]) += blocks[static_cast<std::size_t>(k)];
  }
  out.q = q;
  out.cones = cones;
  return out;
}

namespace {

// Rows per item of the parallel assembly (a row is ~10 blocks of 5 x 5): items of ~10 us.
constexpr std::size_t kRowChunk = 256;

}  // namespace

void contacts_by_sphere(const SphereBodies& s, const std::vector<SphereContact>& contacts, std::vector<int>& start,
                        std::vector<int>& member) {
  start.assign(s.size() + 1, 0);
  for (const SphereContact& c : contacts) {
    ++start[static_cast<std::size_t>(c.a) + 1];
    if (!c.with_wall()) ++start[static_cast<std::size_t>(c.b) + 1];
  }
  for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
  member.resize(static_cast<std::size_t>(start.back()));
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (std::size_t al = 0; al < contacts.size(); ++al) {
    member[static_cast<std::size_t>(fill[static_cast<std::size_t>(contacts[al].a)]++)] = static_cast<int>(al);
    if (!contacts[al].with_wall())
      member[static_cast<std::size_t>(fill[static_cast<std::size_t>(contacts[al].b)]++)] = static_cast<int>(al);
  }
}

namespace {

/// Row alpha of W: its diagonal block into `diagonal`, the others into (column, blocks) from
/// index `at` on (the row's slots, counted by row_count).
void assemble_row(const SphereBodies& s, const std::vector<SphereContact>& contacts, const std::vector<ContactJacobian>& H,
                  const std::vector<int>& start, const std::vector<int>& member, std::size_t al, Matrix5& diagonal,
                  std::size_t at, std::vector<int>& column, std::vector<Matrix5>& blocks) {
  // Body k's rows of contact beta: (Hv, Hw) of its side.
  const auto part = [&](int beta, int k, Matrix5x3& Hv, Matrix5x3& Hw) {
    const SphereContact& c = contacts[static_cast<std::size_t>(beta)];
    const ContactJacobian& J = H[static_cast<std::size_t>(beta)];
    if (c.a == k) {
      Hv = J.Hv_a;
      Hw = J.Hw_a;
    } else {
      Hv = J.Hv_b();
      Hw = J.Hw_b;
    }
  };
  Matrix5x3 Hv_al, Hw_al, Hv_be, Hw_be;
  const SphereContact& c = contacts[al];
  for (int side = 0; side < (c.with_wall() ? 1 : 2); ++side) {
    const int k = side == 0 ? c.a : c.b;
    const double im = 1.0 / s.mass[static_cast<std::size_t>(k)];
    const double iJ = 1.0 / s.inertia[static_cast<std::size_t>(k)];
    part(static_cast<int>(al), k, Hv_al, Hw_al);
    for (int m = start[static_cast<std::size_t>(k)]; m < start[static_cast<std::size_t>(k) + 1]; ++m) {
      const int be = member[static_cast<std::size_t>(m)];
      part(be, k, Hv_be, Hw_be);
      // H_{alpha,k} M_k^-1 H_{beta,k}^T
      const Matrix5 block = im * Hv_al * Hv_be.transpose() + iJ * Hw_al * Hw_be.transpose();
      if (be == static_cast<int>(al)) {
        diagonal += block;
      } else {
        column[at] = be;
        blocks[at] = block;
        ++at;
      }
    }
  }
}

/// The factors of W and its diagonal blocks W^{alpha alpha} = sum over alpha's bodies k of
/// H_{alpha,k} M_k^-1 H_{alpha,k}^T.
void assemble_factors(const SphereBodies& s, const std::vector<SphereContact>& contacts,
                      const std::vector<ContactJacobian>& H, std::vector<int> start, std::vector<int> member,
                      BlockSparseProblem& problem, WorkerPool* pool) {
  const std::size_t nc = contacts.size(), n = s.size();
  DelassusFactors& f = problem.factors;
  if (&f.H != &H) f.H = H;  // (the stepper keeps its Jacobians in problem.factors.H itself)
  f.a.resize(nc);
  f.b.resize(nc);
  f.inv_mass.resize(n);
  f.inv_inertia.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    f.inv_mass[k] = 1.0 / s.mass[k];
    f.inv_inertia[k] = 1.0 / s.inertia[k];
  }
  f.start = std::move(start);
  f.member = std::move(member);
  problem.row_start.assign(1, 0);
  problem.column.clear();
  problem.blocks.clear();
  for_each_index(pool, nc, kRowChunk, [&](std::size_t al) {
    const SphereContact& c = contacts[al];
    f.a[al] = c.a;
    f.b[al] = c.with_wall() ? -1 : c.b;
    const ContactJacobian& J = H[al];
    const std::size_t a = static_cast<std::size_t>(c.a);
    Matrix5 d = f.inv_mass[a] * J.Hv_a * J.Hv_a.transpose() + f.inv_inertia[a] * J.Hw_a * J.Hw_a.transpose();
    if (!c.with_wall()) {
      const std::size_t b = static_cast<std::size_t>(c.b);
      d += f.inv_mass[b] * J.Hv_a * J.Hv_a.transpose() + f.inv_inertia[b] * J.Hw_b * J.Hw_b.transpose();
    }
    problem.diagonal[al] = d;
  });
}

}  // namespace

void assemble_delassus(const SphereBodies& s, const std::vector<SphereContact>& contacts,
                       const std::vector<ContactJacobian>& H, BlockSparseProblem& problem, WorkerPool* pool,
                       DelassusStorage storage) {
  const std::size_t nc = contacts.size();
  std::vector<int> start, member;
  contacts_by_sphere(s, contacts, start, member);
  if (storage == DelassusStorage::factors) {
    problem.diagonal.resize(nc);  // each block written whole by assemble_factors, on the pool
    assemble_factors(s, contacts, H, std::move(start), std::move(member), problem, pool);
    return;
  }
  problem.diagonal.assign(nc, Matrix5::Zero());  // assemble_row adds to its row's block
  problem.factors = DelassusFactors{};
  // Row alpha holds one block per other contact of each of its spheres: its slots first, then
  // the rows filled at once (each its own slots), the same W whatever ran which row.
  problem.row_start.resize(nc + 1);
  problem.row_start[0] = 0;
  for (std::size_t al = 0; al < nc; ++al) {
    const SphereContact& c = contacts[al];
    const auto others = [&](int k) { return start[static_cast<std::size_t>(k) + 1] - start[static_cast<std::size_t>(k)] - 1; };
    problem.row_start[al + 1] = problem.row_start[al] + others(c.a) + (c.with_wall() ? 0 : others(c.b));
  }
  problem.column.resize(static_cast<std::size_t>(problem.row_start[nc]));
  problem.blocks.resize(problem.column.size());
  for_each_index(pool, nc, kRowChunk, [&](std::size_t al) {
    assemble_row(s, contacts, H, start, member, al, problem.diagonal[al], static_cast<std::size_t>(problem.row_start[al]),
                 problem.column, problem.blocks);
  });
}

}  // namespace limitdir
