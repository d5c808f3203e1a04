// Contacts of many spheres (granular/contact_detection.hpp, granular/delassus.hpp): the grid's
// broad phase against all pairs, the 5-row Jacobians against the velocities of the material
// points, and the sparse Delassus blocks against H M^-1 H^T multiplied out densely.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/contact_detection.hpp"
#include "limitdir/granular/delassus.hpp"

namespace test_granular_contacts {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::SphereContact;
using limitdir::Plane;
using limitdir::SphereBodies;

namespace {

// A gap, distance or velocity of O(1) m (or m/s) computed two ways: a few roundings, 1e3 eps.
constexpr double kGeometryTol = 1e3 * DBL_EPSILON;

SphereBodies random_spheres(std::mt19937_64& rng, int n, double box, double r_lo, double r_hi) {
  std::uniform_real_distribution<double> pos(-box, box), rad(r_lo, r_hi), vel(-1.0, 1.0);
  SphereBodies s;
  for (int k = 0; k < n; ++k) {
    const double r = rad(rng);
    s.add(k, Eigen::Vector3d(pos(rng), pos(rng), pos(rng) + box), r, 1300.0 * 4.0 / 3.0 * M_PI * r * r * r);
    s.v.back() = Eigen::Vector3d(vel(rng), vel(rng), vel(rng));
    s.omega.back() = 50.0 * Eigen::Vector3d(vel(rng), vel(rng), vel(rng));
  }
  return s;
}

std::set<std::pair<int, int>> brute_force_pairs(const SphereBodies& s, const std::vector<Plane>& walls, double margin) {
  std::set<std::pair<int, int>> out;
  for (int a = 0; a < static_cast<int>(s.size()); ++a) {
    for (int b = a + 1; b < static_cast<int>(s.size()); ++b)
      if ((s.x[a] - s.x[b]).norm() - s.radius[a] - s.radius[b] <= margin) out.insert({a, b});
    for (int w = 0; w < static_cast<int>(walls.size()); ++w) {
      const Plane& p = walls[w];
      const bool over = std::abs(s.x[a].x()) <= p.half_width && std::abs(s.x[a].y()) <= p.half_width;
      if (over && s.x[a].z() - p.offset - s.radius[a] <= margin) out.insert({a, limitdir::wall_body(w)});
    }
  }
  return out;
}

}  // namespace

TEST_CASE("Contact detection: the grid finds exactly the pairs that all pairs find") {
  std::mt19937_64 rng(36);
  limitdir::ContactDetector detector;
  std::vector<SphereContact> found;
  const std::vector<Plane> walls = {Plane{Eigen::Vector3d::UnitZ(), 0.0, 0.1}};
  for (double margin : {0.0, 1e-3, 5e-3}) {
    for (int trial = 0; trial < 5; ++trial) {
      // Polydisperse (radii 1:3) and dense enough to overlap.
      const SphereBodies s = random_spheres(rng, 400, 0.12, 0.005, 0.015);
      detector.detect(s, walls, margin, found);
      std::set<std::pair<int, int>> got;
      for (const SphereContact& c : found) {
        CHECK(got.insert({c.a, c.b}).second);  // each pair once
        if (!c.with_wall()) CHECK(c.a < c.b);
      }
      CHECK(got == brute_force_pairs(s, walls, margin));
      CHECK(got.size() > 100);
    }
  }
}

TEST_CASE("Contact detection: far-apart spheres (clamped cells) and coincident centres") {
  SphereBodies s;
  s.add(0, Eigen::Vector3d(1e9, 0, 0), 0.01, 1.0);
  s.add(1, Eigen::Vector3d(1e9 + 0.015, 0, 0), 0.01, 1.0);   // overlapping, far out
  s.add(2, Eigen::Vector3d(-1e9, 0, 0), 0.01, 1.0);          // clamped into the same far cell range
  s.add(3, Eigen::Vector3d(0, 0, 1), 0.01, 1.0);
  s.add(4, Eigen::Vector3d(0, 0, 1), 0.02, 1.0);             // same centre as 3
  limitdir::ContactDetector detector;
  std::vector<SphereContact> found;
  detector.detect(s, {}, 0.0, found);
  REQUIRE(found.size() == 2);
  CHECK(found[0].a == 0);
  CHECK(found[0].b == 1);
  CHECK(std::abs(found[0].gap - (-0.005)) <= 1e-6);  // 1e9 m carries 1.2e-7 m of rounding
  CHECK(found[1].a == 3);
  CHECK(found[1].b == 4);
  CHECK(found[1].gap == doctest::Approx(-0.03).epsilon(1e-15));
  CHECK(std::abs(found[1].normal().norm() - 1.0) <= kGeometryTol);
}

TEST_CASE("(19) contact variables: H alpha (v, omega) is the relative velocity of the material points") {
  // u = (v_a + omega_a x (-R_a n)) - (v_b + omega_b x (R_b n)) in the frame [n t1 t2], and
  // w_R = the tangential part of omega_a - omega_b, computed with cross products.
  std::mt19937_64 rng(19);
  const SphereBodies s = random_spheres(rng, 300, 0.1, 0.005, 0.015);
  limitdir::ContactDetector detector;
  std::vector<SphereContact> found;
  detector.detect(s, {Plane{}}, 1e-3, found);
  REQUIRE(found.size() > 50);
  for (const SphereContact& c : found) {
    const Eigen::Vector3d n = c.normal();
    CHECK((c.frame.transpose() * c.frame - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() <= kGeometryTol);
    CHECK(c.frame.determinant() == doctest::Approx(1.0));
    Eigen::Vector3d u = s.v[c.a] + s.omega[c.a].cross(-s.radius[c.a] * n);
    Eigen::Vector3d w = s.omega[c.a];
    if (!c.with_wall()) {
      u -= s.v[c.b] + s.omega[c.b].cross(s.radius[c.b] * n);
      w -= s.omega[c.b];
    }
    const limitdir::Vector5 y = limitdir::contact_velocity(s, c, limitdir::contact_jacobian(s, c));
    const double scale = 1.0 + 0.015 * 100.0;  // |v| + R |omega|
    CHECK(std::abs(y[0] - n.dot(u)) <= kGeometryTol * scale);
    CHECK(std::abs(y[1] - c.frame.col(1).dot(u)) <= kGeometryTol * scale);
    CHECK(std::abs(y[2] - c.frame.col(2).dot(u)) <= kGeometryTol * scale);
    CHECK(std::abs(y[3] - c.frame.col(1).dot(w)) <= kGeometryTol * 100.0);
    CHECK(std::abs(y[4] - c.frame.col(2).dot(w)) <= kGeometryTol * 100.0);
  }
}

TEST_CASE("Delassus operator: the sparse blocks equal H M^-1 H^T multiplied out") {
  std::mt19937_64 rng(63);
  const SphereBodies s = random_spheres(rng, 120, 0.06, 0.005, 0.012);
  limitdir::ContactDetector detector;
  std::vector<SphereContact> found;
  detector.detect(s, {Plane{}}, 0.0, found);
  REQUIRE(found.size() > 40);
  std::vector<limitdir::ContactJacobian> H;
  for (const SphereContact& c : found) H.push_back(limitdir::contact_jacobian(s, c));
  limitdir::BlockSparseProblem pb;
  limitdir::assemble_delassus(s, found, H, pb);
  // The global H (5 n_c x 6 n_b), M^-1 and their product.
  const int nc = static_cast<int>(found.size()), nb = static_cast<int>(s.size());
  Eigen::MatrixXd G = Eigen::MatrixXd::Zero(5 * nc, 6 * nb);
  Eigen::VectorXd Minv(6 * nb);
  for (int k = 0; k < nb; ++k) {
    Minv.segment<3>(6 * k).setConstant(1.0 / s.mass[k]);
    Minv.segment<3>(6 * k + 3).setConstant(1.0 / s.inertia[k]);
  }
  for (int al = 0; al < nc; ++al) {
    const SphereContact& c = found[al];
    G.block<5, 3>(5 * al, 6 * c.a) = H[al].Hv_a;
    G.block<5, 3>(5 * al, 6 * c.a + 3) = H[al].Hw_a;
    if (!c.with_wall()) {
      G.block<5, 3>(5 * al, 6 * c.b) = H[al].Hv_b();
      G.block<5, 3>(5 * al, 6 * c.b + 3) = H[al].Hw_b;
    }
  }
  const Eigen::MatrixXd W = G * Minv.asDiagonal() * G.transpose();
  pb.q = Eigen::VectorXd::Zero(5 * nc);
  pb.cones.assign(found.size(), {0.3, 1e-3});
  const Eigen::MatrixXd Ws = pb.dense().W;
  const double scale = W.cwiseAbs().maxCoeff();
  CHECK((Ws - W).cwiseAbs().maxCoeff() <= 64 * DBL_EPSILON * scale);
  // Sparse: a block for each pair of contacts that share a sphere, and no other.
  int shared = 0;
  for (int a = 0; a < nc; ++a)
    for (int b = 0; b < nc; ++b) {
      const SphereContact &ca = found[a], &cb = found[b];
      const bool share = a != b && (ca.a == cb.a || ca.a == cb.b || (!ca.with_wall() && (ca.b == cb.a || ca.b == cb.b)));
      shared += share;
    }
  CHECK(static_cast<int>(pb.blocks.size()) == shared);
  // velocity() and the dense product agree.
  std::normal_distribution<double> g;
  Eigen::VectorXd p(5 * nc);
  for (int i = 0; i < 5 * nc; ++i) p[i] = g(rng);
  CHECK((pb.velocity(p) - W * p).cwiseAbs().maxCoeff() <= 64 * DBL_EPSILON * scale * p.cwiseAbs().sum());
}

}  // namespace test_granular_contacts
