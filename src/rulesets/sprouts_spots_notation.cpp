// SPOTS' spelling read as Glop's notation (sprouts_spots_notation.hpp).
#include "rulesets/sprouts_spots_notation.hpp"

#include <cctype>

#include "grundy/core/input_error.hpp"
#include "rulesets/sprouts_drawing.hpp"

namespace grundy::sprouts {
namespace {

// The most spots one "0*N" may stand for: a position's most spots
// (sprouts_drawing.hpp), so that the expanded text stays small.
constexpr std::size_t kMostSingletons = kMostSpots;

[[noreturn]] void refuse(const std::string& message, std::size_t column) {
  throw InputError(message, SourceLocation{.file = "", .line = 0, .column = column});
}

struct Spelled {
  std::string text;
  std::vector<std::size_t> columns;
  void add(char c, std::size_t column) {
    text += c;
    columns.push_back(column);
  }
};

}  // namespace

bool spots_spelling(std::string_view text) { return text.find_first_of("}]") == std::string_view::npos; }

std::string glop_from_spots(std::string_view text, std::size_t column, std::vector<std::size_t>& glop_columns) {
  Spelled out;
  // What is open: spots of a boundary, boundaries of a region, regions of a
  // land. A boundary of dead spots only ('3') is dropped, as are regions and
  // lands left with nothing.
  std::size_t boundary_spots = 0;
  bool boundary_had_dead = false;
  std::size_t region_boundaries = 0;
  std::size_t land_regions = 0;
  const auto at = [&](std::size_t i) { return column + i; };
  const auto end_boundary = [&](std::size_t i, char separator) {
    if (boundary_spots == 0 && !boundary_had_dead) {
      refuse(std::string("an empty boundary (a '") + separator + "' with no spot before it)", at(i));
    }
    if (boundary_spots > 0) {
      out.add('.', at(i));
      ++region_boundaries;
    }
    boundary_spots = 0;
    boundary_had_dead = false;
  };
  const auto end_region = [&](std::size_t i) {
    if (region_boundaries > 0) {
      out.add('}', at(i));
      ++land_regions;
    }
    region_boundaries = 0;
  };
  const auto end_land = [&](std::size_t i) {
    if (land_regions > 0) out.add(']', at(i));
    land_regions = 0;
  };
  std::size_t i = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '0' && i + 1 < text.size() && text[i + 1] == '*') {
      // "0*N": N spots with no line, each a boundary of its own.
      if (boundary_spots > 0 || boundary_had_dead) {
        refuse("0*N stands for N boundaries of one spot each: it begins a boundary", at(i));
      }
      std::size_t j = i + 2;
      std::size_t n = 0;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) != 0) {
        n = n * 10 + static_cast<std::size_t>(text[j] - '0');
        if (n > kMostSingletons) {
          refuse("0*N with N more than " + std::to_string(kMostSingletons) + " spots (a Sprouts position has at most " +
                     std::to_string(kMostSpots) + ")",
                 at(i + 2));
        }
        ++j;
      }
      if (j == i + 2) refuse("expected the number of spots after 0* (0*7: seven spots)", at(j));
      if (n == 0) refuse("0*0 stands for no spot: write nothing, or 0*N with N at least 1", at(i + 2));
      if (j < text.size() && text[j] != '.' && text[j] != '|' && text[j] != '+' && text[j] != '!') {
        refuse("expected '.', '|', '+' or '!' after 0*" + std::to_string(n) + ", found " + quoted_character(text, j),
             at(j));
      }
      for (std::size_t k = 0; k < n; ++k) {
        out.add('0', at(i));
        if (k + 1 < n) {
          out.add('.', at(i));
          ++region_boundaries;
        }
      }
      boundary_spots = 1;
      i = j - 1;
      continue;
    }
    if (c == '3') {
      boundary_had_dead = true;  // a dead spot: Glop leaves it out
    } else if ((c >= '0' && c <= '2') || std::isalpha(static_cast<unsigned char>(c)) != 0) {
      out.add(c, at(i));
      ++boundary_spots;
    } else if (c == '.') {
      end_boundary(i, c);
    } else if (c == '|') {
      end_boundary(i, c);
      end_region(i);
    } else if (c == '+') {
      end_boundary(i, c);
      end_region(i);
      end_land(i);
    } else if (c == '!') {
      if (i + 1 != text.size()) refuse("nothing may follow the '!' that ends the position", at(i + 1));
      break;
    } else {
      refuse("expected a spot (0, 1, 2, 3, a letter or 0*N), '.', '|', '+' or '!' in a Sprouts position in SPOTS' "
           "spelling, found " +
               quoted_character(text, i),
           at(i));
    }
  }
  // The last boundary, region and land end with the text (or its '!'); a
  // separator before the end closes nothing more (SPOTS' reader skips it too).
  const std::size_t last = i < text.size() ? i : text.size();
  if (boundary_spots > 0 || boundary_had_dead) end_boundary(last, '!');
  end_region(last);
  end_land(last);
  out.add('!', at(last));
  glop_columns = std::move(out.columns);
  return std::move(out.text);
}

}  // namespace grundy::sprouts
