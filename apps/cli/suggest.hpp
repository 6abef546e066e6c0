#pragma once
// "Did you mean ...?" for a mistyped command or option name.
#include <string>
#include <vector>

namespace graphrun::cli {

// Levenshtein distance: insertions, deletions and substitutions cost 1.
std::size_t edit_distance(const std::string& a, const std::string& b);

// The candidate closest to `word`, or "" when none is close. Close means an
// edit distance of at most max(1, |word| / 3) (ties: the first candidate
// listed), or else `word` being a prefix, at least 3 long, of exactly one
// candidate. Candidates equal to `word` are never suggested.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

// "; did you mean PREFIX+X?" when `closest` finds X, else "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates,
                         const std::string& prefix = "");

}  // namespace graphrun::cli
