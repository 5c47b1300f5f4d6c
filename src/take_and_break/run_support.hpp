// What the table runs of one process (run.cpp) and across ranks
// (distributed_run.cpp) share, so that both write the same files and reports.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "grundy/core/context.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/run.hpp"

namespace grundy::run_support {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t);
std::string format_count(double x);   // 1.23M, 45.6k
std::string format_seconds(double s);  // 1h02m, 3m04s, 5.6s
// Writes run.output in run.format (text or binary); InputError when it cannot.
void write_output(const TakeAndBreakRun& run);
// run.largest and run.largest_at over g(0..upto).
void find_largest(TakeAndBreakRun& run);
// A run of `code` as the request asks for it, before it starts: the rule, its
// normal form and the request's bound, engine, threads and output.
TakeAndBreakRun start_run(const TakeAndBreakRequest& request, const take_and_break::GameCode& code);
// The heaps a run computes: upto + 1, or more in search of a proof (see
// TakeAndBreakRequest::continue_for_proof).
std::uint64_t table_target(const TakeAndBreakRequest& request, bool theorem);

}  // namespace grundy::run_support

namespace grundy {
// run_take_and_break_table with request.verifiers > 0 (distributed_run.cpp).
TakeAndBreakRun run_distributed_on_threads(const TakeAndBreakRequest& request, Context& context);
}  // namespace grundy
