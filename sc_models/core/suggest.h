#pragma once
// "Did you mean" for misspelt configuration keys, fields and enum values.
#include <string>
#include <vector>

namespace nocsim {

// Edit distance counting insertions, deletions, substitutions and swaps of
// two neighbouring characters (the commonest typo) as one edit each: the
// optimal-string-alignment variant of Damerau-Levenshtein.
int edit_distance(const std::string& a, const std::string& b);
// The same, or bound + 1 when it exceeds bound (the search stops there: a
// misspelt key is compared with every key of the schema).
int edit_distance_within(const std::string& a, const std::string& b, int bound);

// The candidate nearest to `word`, if it is near (at most 2 edits; 1 for words
// under 6 characters, so that short words do not match everything) and no
// other candidate is as near; otherwise "".
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

// "; did you mean 'x'?" for closest_match(word, candidates), or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace nocsim
