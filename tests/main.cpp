// The doctest runner. ctest runs each test case alone by name (doctest_discover_tests): a name
// that ctest cannot pass back intact (a ';' splits a CMake list) would select no test case and
// pass having run nothing, so a run whose --test-case filter matched nothing fails.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <atomic>
#include <cstring>
#include <iostream>

namespace {

std::atomic<int> started{0};

/// Counts the test cases that ran.
struct Started : doctest::IReporter {
  explicit Started(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { ++started; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

REGISTER_LISTENER("started", 1, Started);

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int status = context.run();
  if (context.shouldExit()) return status;  // --help, --list-test-cases, ...
  bool filtered = false;
  for (int i = 1; i < argc; ++i)
    filtered = filtered || std::strncmp(argv[i], "--test-case=", 12) == 0 || std::strncmp(argv[i], "-tc=", 4) == 0;
  if (filtered && started == 0) {
    std::cerr << "no test case matched the filter: a test that runs nothing cannot pass\n";
    return 1;
  }
  return status;
}
