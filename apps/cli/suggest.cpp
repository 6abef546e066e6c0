#include "suggest.hpp"

#include <algorithm>
#include <numeric>

namespace graphrun::cli {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  // One row of the dynamic programme: row[j] = distance(a[0..i), b[0..j)).
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  std::string best;
  std::size_t best_distance = limit + 1;
  for (const auto& candidate : candidates) {
    if (candidate == word) continue;
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  if (!best.empty() || word.size() < 3) return best;
  std::vector<std::string> extending;
  for (const auto& candidate : candidates)
    if (candidate != word && candidate.starts_with(word)) extending.push_back(candidate);
  return extending.size() == 1 ? extending.front() : std::string();
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates, const std::string& prefix) {
  const std::string match = closest(word, candidates);
  return match.empty() ? std::string() : "; did you mean " + prefix + match + "?";
}

}  // namespace graphrun::cli
