#include "core/Redactor.h"

#include "core/RedactionPatterns.h"

#include <QDate>
#include <QRegularExpression>

#include <algorithm>
#include <array>

namespace engram {

namespace {

bool isDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

QString foldCase(const QString& widthFolded)
{
    // Character by character, so every index still points at the same place in the original.
    QString folded = widthFolded;
    for (QChar& c : folded) {
        if (!c.isSurrogate())
            c = c.toCaseFolded();
    }
    return folded;
}

// A run of digit groups joined by single spaces or dashes ("4111 1111 1111 1111", "2024-06-15").
struct DigitGroup
{
    qsizetype start{};
    qsizetype end{};   // one past the last digit, or past the X of an ID number
    QChar separator{}; // the character after the group when another group follows
    QString digits;    // with the X, if any
};

// The groups of the chain that starts at `start` (a digit not glued to a letter or digit before it).
QList<DigitGroup> digitChain(const QString& s, qsizetype start)
{
    QList<DigitGroup> groups;
    qsizetype pos = start;
    while (true) {
        DigitGroup g{pos, pos, {}, {}};
        while (g.end < s.size() && isDigit(s[g.end]))
            ++g.end;
        const bool idCheckX = g.end < s.size() && (s[g.end] == QLatin1Char('X') || s[g.end] == QLatin1Char('x')) &&
                              (g.end + 1 == s.size() || !redaction::isAsciiAlnum(s[g.end + 1]));
        if (idCheckX)
            ++g.end;
        g.digits = s.mid(g.start, g.end - g.start);
        const bool more = !idCheckX && g.end + 1 < s.size() &&
                          (s[g.end] == QLatin1Char(' ') || s[g.end] == QLatin1Char('-')) && isDigit(s[g.end + 1]);
        if (more)
            g.separator = s[g.end];
        groups.append(g);
        if (!more)
            break;
        pos = g.end + 1;
    }
    // A last group glued to letters ("1111abc") belongs to a word, not to the number.
    if (groups.last().end < s.size() && redaction::isAsciiAlnum(s[groups.last().end]))
        groups.removeLast();
    return groups;
}

void addIdNumbers(const QList<DigitGroup>& groups, QList<Redaction>& out)
{
    for (qsizetype i = 0; i < groups.size(); ++i) {
        const DigitGroup& g = groups[i];
        if (Redactor::isValidResidentId(g.digits))
            out.append({Redactor::kIdNumber, g.start, g.end - g.start});
        // Also written in the 6-8-4 grouping of region, birth date and sequence.
        if (i + 2 < groups.size() && g.digits.size() == 6 && groups[i + 1].digits.size() == 8 &&
            groups[i + 2].digits.size() == 4 && g.separator == groups[i + 1].separator &&
            Redactor::isValidResidentId(QString(g.digits + groups[i + 1].digits + groups[i + 2].digits))) {
            out.append({Redactor::kIdNumber, g.start, groups[i + 2].end - g.start});
        }
    }
}

// Every run of consecutive groups that reads as a card number: 13-19 digits passing Luhn, written
// whole or in groups of at least four (the last may be shorter) with one kind of separator. The
// grouping rule keeps lists of small numbers ("12 345 678 901 234") from being read as cards.
void addCardNumbers(const QList<DigitGroup>& groups, QList<Redaction>& out)
{
    for (qsizetype i = 0; i < groups.size(); ++i) {
        QString digits;
        for (qsizetype j = i; j < groups.size(); ++j) {
            const DigitGroup& g = groups[j];
            if (g.digits.endsWith(QLatin1Char('X'), Qt::CaseInsensitive))
                break;
            if (j > i && (groups[j - 1].digits.size() < 4 || groups[j - 1].separator != groups[i].separator))
                break;
            digits += g.digits;
            if (digits.size() > 19)
                break;
            if (digits.size() >= 13 && Redactor::passesLuhn(digits))
                out.append({Redactor::kCardNumber, groups[i].start, g.end - groups[i].start});
        }
    }
}

QList<Redaction> findNumbers(const QString& s)
{
    QList<Redaction> found;
    qsizetype i = 0;
    while (i < s.size()) {
        if (!redaction::isAsciiAlnum(s[i])) {
            ++i;
            continue;
        }
        if (isDigit(s[i]) && (i == 0 || !redaction::isAsciiAlnum(s[i - 1]))) {
            const QList<DigitGroup> groups = digitChain(s, i);
            addIdNumbers(groups, found);
            addCardNumbers(groups, found);
            if (!groups.isEmpty()) {
                i = groups.last().end; // every run of the chain's groups was looked at: stay linear
                continue;
            }
        }
        // Skip the rest of this word or number: digits glued to letters are not looked at.
        while (i < s.size() && redaction::isAsciiAlnum(s[i]))
            ++i;
    }
    return found;
}

QList<Redaction> findPhrases(const QString& text, const QStringList& foldedPhrases)
{
    QList<Redaction> found;
    if (foldedPhrases.isEmpty())
        return found;
    const QString haystack = foldCase(redaction::foldWidth(text));
    for (const QString& phrase : foldedPhrases) {
        const bool wordStart = redaction::isAsciiAlnum(phrase.front());
        const bool wordEnd = redaction::isAsciiAlnum(phrase.back());
        for (qsizetype at = haystack.indexOf(phrase); at >= 0; at = haystack.indexOf(phrase, at + 1)) {
            const qsizetype end = at + phrase.size();
            if (wordStart && at > 0 && redaction::isAsciiAlnum(haystack[at - 1]))
                continue;
            if (wordEnd && end < haystack.size() && redaction::isAsciiAlnum(haystack[end]))
                continue;
            found.append({Redactor::kCustom, at, phrase.size()});
        }
    }
    return found;
}

int priority(const QString& kind)
{
    // When matches overlap, the merged mask takes the most specific kind.
    static const std::array<QLatin1String, 5> order{Redactor::kCustom, Redactor::kIdNumber, Redactor::kCardNumber,
                                                    Redactor::kApiKey, Redactor::kPassword};
    return static_cast<int>(std::ranges::find(order, kind) - order.begin());
}

// Overlapping or touching matches become one mask covering all of them, so no part of a secret
// found by one rule stays visible beside the part another rule found.
QList<Redaction> merged(QList<Redaction> found)
{
    std::ranges::sort(found, [](const Redaction& a, const Redaction& b) { return a.start < b.start; });
    QList<Redaction> out;
    for (const Redaction& r : std::as_const(found)) {
        if (!out.isEmpty() && r.start <= out.last().start + out.last().length) {
            Redaction& last = out.last();
            last.length = std::max(last.start + last.length, r.start + r.length) - last.start;
            if (priority(r.kind) < priority(last.kind))
                last.kind = r.kind;
        } else {
            out.append(r);
        }
    }
    return out;
}

// The masks already in a text: "[REDACTED:password]" from an earlier pass, or pasted back by the user.
QList<std::pair<qsizetype, qsizetype>> maskSpans(const QString& text)
{
    static const QRegularExpression mask(QStringLiteral("\\[REDACTED:(?:%1|%2|%3|%4|%5)\\]")
                                             .arg(Redactor::kIdNumber, Redactor::kCardNumber, Redactor::kPassword,
                                                  Redactor::kApiKey, Redactor::kCustom));
    QList<std::pair<qsizetype, qsizetype>> spans;
    if (!text.contains(QLatin1String("[REDACTED:")))
        return spans;
    for (auto it = mask.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        spans.append({m.capturedStart(), m.capturedEnd()});
    }
    return spans;
}

// A mask is opaque to every rule: its characters become U+FFFC, which no rule reads as part of a
// secret nor as a lead-in, so "密码是[REDACTED:password]" is not masked again.
constexpr QChar kHidden{0xFFFC};

QString hideMasks(QString text, const QList<std::pair<qsizetype, qsizetype>>& masks)
{
    for (const auto& [start, end] : masks) {
        for (qsizetype i = start; i < end; ++i)
            text[i] = kHidden;
    }
    return text;
}

// What a second pass must not do: cut a mask in two, or mask a mask. A match that touches a mask
// takes all of it; a match of nothing but masks and spaces is dropped. So redact() is idempotent.
QList<Redaction> outsideMasks(const QList<Redaction>& found, const QList<std::pair<qsizetype, qsizetype>>& masks,
                              const QString& text)
{
    if (masks.isEmpty())
        return found;
    QList<Redaction> kept;
    for (const Redaction& r : found) {
        qsizetype start = r.start;
        qsizetype end = r.start + r.length;
        bool fresh = false;
        for (const auto& [maskStart, maskEnd] : masks) {
            if (maskStart < end && start < maskEnd) {
                start = std::min(start, maskStart);
                end = std::max(end, maskEnd);
            }
        }
        for (qsizetype i = start; i < end && !fresh; ++i) {
            const bool inMask = std::ranges::any_of(masks, [i](const auto& m) { return i >= m.first && i < m.second; });
            fresh = !inMask && !text[i].isSpace();
        }
        if (fresh)
            kept.append({r.kind, start, end - start});
    }
    return kept;
}

QString maskText(const QString& kind)
{
    return QLatin1String("[REDACTED:") + kind + QLatin1Char(']');
}

// The text with each of `redactions` (in order, apart) replaced by its mask.
QString masked(const QString& text, const QList<Redaction>& redactions)
{
    QString out;
    qsizetype copied = 0;
    for (const Redaction& r : redactions) {
        out += QStringView(text).mid(copied, r.start - copied);
        out += maskText(r.kind);
        copied = r.start + r.length;
    }
    out += QStringView(text).mid(copied);
    return out;
}

// Masks found in the masked text of `first`, placed in the text `first` was found in. A later
// pass never cuts a mask (outsideMasks), so each end lies outside the earlier masks or on one's
// edge, and an edge maps to the edge of what that mask hides.
QList<Redaction> inOriginal(const QList<Redaction>& later, const QList<Redaction>& first)
{
    const auto toOriginal = [&first](qsizetype at, bool isEnd) {
        qsizetype shift = 0; // masked position minus original position, so far
        for (const Redaction& r : first) {
            const qsizetype maskStart = r.start + shift;
            const qsizetype maskEnd = maskStart + maskText(r.kind).size();
            if (at <= maskStart)
                break;
            if (at < maskEnd) // within a mask, which a later pass takes whole
                return isEnd ? r.start + r.length : r.start;
            shift += maskText(r.kind).size() - r.length;
        }
        return at - shift;
    };
    QList<Redaction> out;
    for (const Redaction& r : later) {
        const qsizetype start = toOriginal(r.start, false);
        out.append({r.kind, start, toOriginal(r.start + r.length, true) - start});
    }
    return out;
}

} // namespace

void Redactor::setNeverRemember(const QStringList& phrases)
{
    m_phrases.clear();
    m_foldedPhrases.clear();
    for (const QString& phrase : phrases) {
        const QString trimmed = phrase.trimmed();
        if (trimmed.isEmpty())
            continue;
        m_phrases.append(trimmed);
        const QString folded = foldCase(redaction::foldWidth(trimmed));
        if (!m_foldedPhrases.contains(folded))
            m_foldedPhrases.append(folded);
    }
}

RedactionResult Redactor::redactOnce(const QString& text) const
{
    const auto masks = maskSpans(text);
    const QString visible = hideMasks(text, masks);
    const QString folded = redaction::foldWidth(visible);
    QList<Redaction> found = findPhrases(visible, m_foldedPhrases);
    found += findNumbers(folded);
    found += redaction::findLabelledIds(folded);
    found += redaction::findApiKeys(folded);
    found += redaction::findStatedPasswords(folded, visible);

    RedactionResult result;
    result.redactions = merged(outsideMasks(found, masks, text));
    if (result.redactions.isEmpty()) {
        result.text = text;
        return result;
    }
    result.text = masked(text, result.redactions);
    return result;
}

RedactionResult Redactor::redact(const QString& text) const
{
    // A new mask can change how the text around it reads: a quote before it may now pair with one
    // after it, or a lead-in may now reach further. So mask again until a pass finds nothing new;
    // then redact(redact(x)) == redact(x). A pass that changes anything masks at least one more
    // character, and in practice the second pass finds nothing; the cap only bounds the worst case.
    constexpr int kMaxPasses = 8;
    RedactionResult result = redactOnce(text);
    for (int pass = 1; pass < kMaxPasses && result.changed(); ++pass) {
        const RedactionResult again = redactOnce(result.text);
        if (!again.changed())
            break;
        result.redactions = merged(result.redactions + inOriginal(again.redactions, result.redactions));
        result.text = masked(text, result.redactions);
    }
    return result;
}

bool Redactor::isValidResidentId(QStringView id)
{
    if (id.size() != 18)
        return false;
    static constexpr std::array<int, 17> weights{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    int sum = 0;
    for (qsizetype i = 0; i < 17; ++i) {
        if (!isDigit(id[i]))
            return false;
        sum += (id[i].unicode() - '0') * weights[static_cast<size_t>(i)];
    }
    // ISO 7064 MOD 11-2: the check character for each remainder of the weighted sum.
    static constexpr char checkChars[] = "10X98765432";
    if (id[17].toUpper() != QLatin1Char(checkChars[sum % 11]))
        return false;
    const int year = id.mid(6, 4).toInt();
    const QDate birth(year, id.mid(10, 2).toInt(), id.mid(12, 2).toInt());
    return year >= 1900 && year <= 2099 && birth.isValid();
}

bool Redactor::passesLuhn(QStringView digits)
{
    if (digits.isEmpty())
        return false;
    int sum = 0;
    bool doubled = false;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        if (!isDigit(digits[i]))
            return false;
        int d = digits[i].unicode() - '0';
        if (doubled) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
        doubled = !doubled;
    }
    return sum % 10 == 0;
}

} // namespace engram
