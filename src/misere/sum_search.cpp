#include "misere/sum_search.hpp"

#include <algorithm>
#include <string>

#include "grundy/core/input_error.hpp"
#include "misere/memory_text.hpp"

namespace grundy::misere {
namespace {

// What a memo entry costs beyond its nodes (tree node, vector header, the
// heap block of its nodes with malloc's header and rounding).
constexpr std::size_t kEntryBytes = 112;

struct Frame {
  std::vector<std::uint32_t> position;
  std::size_t component = 0;  // the move being tried: option `option` of position[component]
  std::size_t option = 0;
};

}  // namespace

SumSearch::SumSearch(LazyFollowers& graph, Context& context, std::size_t memory_bytes)
    : graph_(graph), context_(context), memory_bytes_(memory_bytes) {}

std::vector<std::uint32_t> SumSearch::normal(std::vector<std::uint32_t> nodes) {
  nodes.erase(std::remove_if(nodes.begin(), nodes.end(), [this](std::uint32_t n) { return graph_.options(n).empty(); }),
              nodes.end());
  std::sort(nodes.begin(), nodes.end());
  return nodes;
}

void SumSearch::check_memory() const {
  if (memory_bytes_ != 0 && bytes_ + path_bytes_ + graph_.bytes() > memory_bytes_) {
    throw LimitError("the search of the misère sum needs more than the memory bound (" + memory_text(memory_bytes_) +
                     ", " + std::to_string(memo_.size()) + " positions searched, " + std::to_string(graph_.size()) +
                     " components)");
  }
}

bool SumSearch::first_player_wins(std::vector<std::uint32_t> nodes) {
  std::vector<std::uint32_t> root = normal(std::move(nodes));
  if (auto it = memo_.find(root); it != memo_.end()) return it->second;
  std::vector<Frame> stack;
  open_.clear();
  open_.insert(root);
  path_bytes_ = 0;
  stack.push_back(Frame{root, 0, 0});
  std::size_t steps = 0;
  // The result of the frame just finished, for its parent.
  bool finished = false;
  bool finished_wins = false;
  while (true) {
    context_.charge();  // one step of the search
    // The progress line is built only every 4096 steps: progress_due() reads
    // the clock.
    if ((++steps & 4095) == 0) {
      if (context_.progress_due()) {
        context_.progress("misère search of the sum: " + std::to_string(memo_.size()) + " positions, " +
                          std::to_string(graph_.size()) + " components, " +
                          std::to_string((bytes_ + path_bytes_ + graph_.bytes()) >> 20) + " MB");
      }
    }
    Frame& frame = stack.back();
    bool wins = false;
    bool done = false;
    if (finished) {
      finished = false;
      if (!finished_wins) {
        wins = true;  // that move leaves the opponent a lost position
        done = true;
      } else {
        ++frame.option;
      }
    }
    if (!done && frame.position.empty()) {
      wins = true;  // no move: the player to move has made no last move
      done = true;
    }
    while (!done) {
      if (frame.component >= frame.position.size()) {
        wins = false;  // every move leads to a position the opponent wins
        done = true;
        break;
      }
      const std::uint32_t node = frame.position[frame.component];
      if (frame.component > 0 && frame.position[frame.component - 1] == node && frame.option == 0) {
        ++frame.component;  // a copy of the component before: the same moves
        continue;
      }
      const auto& options = graph_.options(node);
      if (frame.option >= options.size()) {
        ++frame.component;
        frame.option = 0;
        continue;
      }
      std::vector<std::uint32_t> child;
      child.reserve(frame.position.size() + options[frame.option].size());
      child.insert(child.end(), frame.position.begin(), frame.position.begin() + static_cast<std::ptrdiff_t>(frame.component));
      child.insert(child.end(), frame.position.begin() + static_cast<std::ptrdiff_t>(frame.component) + 1,
                   frame.position.end());
      child.insert(child.end(), options[frame.option].begin(), options[frame.option].end());
      child = normal(std::move(child));
      if (auto it = memo_.find(child); it != memo_.end()) {
        if (!it->second) {
          wins = true;
          done = true;
        } else {
          ++frame.option;
        }
        continue;
      }
      if (!open_.insert(child).second) {
        // Which component cycles the sum does not say: name the sum.
        std::string sum;
        for (const std::uint32_t n : child) {
          if (sum.size() > 60) break;  // the excerpt's length
          sum += (sum.empty() ? "" : " + ") + graph_.component(n)->text();
        }
        throw InputError("misère play needs games that end, and the sum " + excerpt(sum, 60) +
                         " can come back to itself (a game with cycles)");
      }
      // The path counts too: a sum can go deep before any of it is decided.
      path_bytes_ += kEntryBytes + child.size() * sizeof(std::uint32_t);
      check_memory();
      stack.push_back(Frame{std::move(child), 0, 0});
      break;
    }
    if (!done) continue;
    const std::size_t entry = kEntryBytes + stack.back().position.size() * sizeof(std::uint32_t);
    bytes_ += entry;
    path_bytes_ -= std::min(path_bytes_, entry);
    check_memory();
    open_.erase(stack.back().position);
    memo_.emplace(std::move(stack.back().position), wins);
    stack.pop_back();
    if (stack.empty()) return wins;
    finished = true;
    finished_wins = wins;
  }
}

}  // namespace grundy::misere
