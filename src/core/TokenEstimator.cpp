#include "core/TokenEstimator.h"

#include "core/Cl100kCjkSingles.h"
#include "core/SearchTokenizer.h"

#include <algorithm>
#include <cmath>

namespace engram {

namespace {

static_assert(std::ranges::is_sorted(detail::kCl100kCjkSingles), "binary search needs code point order");

// What a character is to cl100k_base's pre-tokenizer, which splits text into letter runs, digit
// runs of up to three, punctuation runs and whitespace before byte-pair encoding each piece.
enum class Kind
{
    Letter, // any script written with spaces between words
    Mark,   // combining marks, joiners and variation selectors: part of what they follow
    Cjk,    // Han, kana, Hangul: encoded character by character
    Digit,
    Space, // horizontal whitespace
    Newline,
    Emoji, // pictographs: four UTF-8 bytes, rarely merged
    Punct,
};

Kind kindOf(char32_t cp)
{
    if (SearchTokenizer::isCjk(cp))
        return Kind::Cjk;
    if (cp == '\n' || cp == '\r')
        return Kind::Newline;
    if (cp == 0x200D || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF))
        return Kind::Mark;
    if (QChar::isLetter(cp))
        return Kind::Letter;
    if (QChar::isNumber(cp))
        return Kind::Digit;
    if (QChar::isSpace(cp))
        return Kind::Space;
    if (QChar::isMark(cp))
        return Kind::Mark;
    if (cp >= 0x1F000 || (cp >= 0x2600 && cp <= 0x27BF)) // emoji blocks, miscellaneous symbols, dingbats
        return Kind::Emoji;
    return Kind::Punct;
}

double cjkCost(char32_t cp)
{
    // Common words made of single-token characters often merge ("数据库", "我们"), hence below one.
    if (cp <= 0xFFFF && std::ranges::binary_search(detail::kCl100kCjkSingles, static_cast<char16_t>(cp)))
        return 0.9;
    // Other characters fall apart into UTF-8 byte pieces: two for everyday ones, about four for
    // the supplementary planes, which UTF-8 writes in four bytes.
    return cp > 0xFFFF ? 4.0 : 2.0;
}

// A word of ASCII letters is one token up to 8 letters (the vocabulary holds most English words
// whole) and one more per further 8; a letter beyond ASCII (é, Cyrillic, Arabic…) costs 0.6 on its own.
double wordCost(int asciiLetters, int otherLetters)
{
    double cost = 0.6 * otherLetters;
    if (asciiLetters > 0)
        cost += 1.0 + std::max(0, asciiLetters - 8) / 8.0;
    return cost;
}

class Scanner final
{
public:
    explicit Scanner(const QString& text)
        : m_cps(text.toUcs4())
    {
        m_kinds.reserve(m_cps.size());
        for (const uint cp : m_cps)
            m_kinds.append(kindOf(static_cast<char32_t>(cp)));
    }

    double total()
    {
        double tokens = 0.0;
        while (m_pos < m_kinds.size())
            tokens += nextRun();
        return tokens;
    }

private:
    Kind kindAt(qsizetype i) const { return i >= 0 && i < m_kinds.size() ? m_kinds[i] : Kind::Space; }

    qsizetype runEnd(qsizetype from, std::initializer_list<Kind> kinds) const
    {
        while (from < m_kinds.size() && std::ranges::find(kinds, m_kinds[from]) != kinds.end())
            ++from;
        return from;
    }

    // The cost of the run that starts at m_pos; moves m_pos past it.
    double nextRun()
    {
        const qsizetype start = m_pos;
        switch (m_kinds[start]) {
        case Kind::Letter: {
            m_pos = runEnd(start, {Kind::Letter, Kind::Mark});
            const auto ascii =
                std::count_if(m_cps.begin() + start, m_cps.begin() + m_pos, [](uint cp) { return cp < 0x80; });
            return wordCost(static_cast<int>(ascii), static_cast<int>(m_pos - start - ascii));
        }
        case Kind::Digit:
            m_pos = runEnd(start, {Kind::Digit});
            return std::ceil((m_pos - start) / 3.0);
        case Kind::Cjk:
            m_pos = start + 1;
            return cjkCost(static_cast<char32_t>(m_cps[start]));
        case Kind::Punct:
            m_pos = runEnd(start, {Kind::Punct});
            return punctCost(start);
        case Kind::Space:
            m_pos = runEnd(start, {Kind::Space});
            return spaceCost(start);
        case Kind::Newline:
            m_pos = runEnd(start, {Kind::Newline});
            return kindAt(start - 1) == Kind::Punct ? 0.0 : 1.0; // "{\n", ");\n" are one piece with their newline
        case Kind::Emoji:
            m_pos = start + 1;
            return 2.3; // common faces are two tokens, most other pictographs three
        case Kind::Mark:
            m_pos = start + 1;
            return 0.0;
        }
        return 0.0;
    }

    double punctCost(qsizetype start) const
    {
        const qsizetype length = m_pos - start;
        // One ASCII sign before a word travels with it: ".com", "/search", "(n", "'s".
        if (length == 1 && m_cps[start] < 0x80 && kindAt(m_pos) == Kind::Letter)
            return 0.3;
        return 1.0 + 0.3 * static_cast<double>(length - 1); // "://", ")，", "&&" are mostly one token
    }

    double spaceCost(qsizetype start) const
    {
        const Kind next = kindAt(m_pos);
        if (next == Kind::Newline || m_pos == m_kinds.size())
            return 0.0;
        if (m_pos - start > 1)
            return 1.0; // indentation: the run but its last space is one token
        // A single space is the first byte of the next word or sign, but digits and CJK characters
        // rarely merge with it.
        return next == Kind::Digit || next == Kind::Cjk ? 1.0 : 0.0;
    }

    QList<uint> m_cps;
    QList<Kind> m_kinds;
    qsizetype m_pos{};
};

} // namespace

int TokenEstimator::estimate(const QString& text)
{
    if (text.isEmpty())
        return 0;
    const double tokens = Scanner(text).total();
    return std::max(1, static_cast<int>(std::lround(tokens)));
}

} // namespace engram
