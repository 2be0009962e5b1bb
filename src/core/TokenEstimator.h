#pragma once

#include <QString>

namespace engram {

// Estimates how many tokens a model's BPE tokenizer (cl100k-like) makes of a text, without the
// tokenizer: about one token per CJK character, ~1.3 per English word, digits in groups of three,
// punctuation one each. Checked against real counts in tests (within ±20 % on mixed zh/en text).
class TokenEstimator final
{
public:
    static int estimate(const QString& text);

    // Tokens a chat message costs beyond its content (role and separators).
    static constexpr int kPerMessageOverhead = 4;
};

} // namespace engram
