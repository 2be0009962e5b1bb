#include "core/TokenEstimator.h"

#include "core/SearchTokenizer.h"

#include <cmath>

namespace engram {

int TokenEstimator::estimate(const QString& text)
{
    if (text.isEmpty())
        return 0;
    double tokens = 0.0;
    int latinRun = 0; // letters in the current Latin word
    int digitRun = 0; // digits in the current number

    auto endLatin = [&] {
        if (latinRun > 0) {
            // Short words are one token; long words split into pieces of ~4 to 5 letters.
            tokens += latinRun <= 6 ? 1.0 : 1.0 + (latinRun - 6) / 4.5;
            latinRun = 0;
        }
    };
    auto endDigits = [&] {
        if (digitRun > 0) {
            tokens += std::ceil(digitRun / 3.0);
            digitRun = 0;
        }
    };

    const QList<uint> cps = text.toUcs4();
    for (const uint u : cps) {
        const auto cp = static_cast<char32_t>(u);
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) {
            endDigits();
            ++latinRun;
        } else if (cp >= '0' && cp <= '9') {
            endLatin();
            ++digitRun;
        } else {
            endLatin();
            endDigits();
            if (SearchTokenizer::isCjk(cp))
                tokens += 1.25;
            else if (cp == ' ')
                continue; // a space is merged into the following word's token
            else if (cp == '\n' || cp == '\t')
                tokens += 0.5;
            else if (cp < 0x80)
                tokens += 0.8; // ASCII punctuation often merges with its neighbour
            else if (cp >= 0x1F000)
                tokens += 2.0; // emoji and other astral symbols are several byte tokens
            else
                tokens += 1.0; // CJK punctuation, accented letters
        }
    }
    endLatin();
    endDigits();
    return static_cast<int>(std::lround(tokens));
}

} // namespace engram
