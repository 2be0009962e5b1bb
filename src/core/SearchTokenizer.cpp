#include "core/SearchTokenizer.h"

#include "core/HanVariants.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace engram {
namespace {

// --- Stemming ---------------------------------------------------------------------------------
// Steps 1a, 1b and the final-e rule of step 5 of the Snowball English ("Porter2") stemmer,
// without the derivational steps 2–4: inflections of one word meet ("deploys", "deployed",
// "deploying" → "deploy"; "boxes" → "box"; "released", "release" → "releas"), while
// "deployment" and "deploy" stay apart. Unlike Porter2 a final y is kept, and "ies"/"ied" and a
// final i become y, so "stories" → "story" and "movies", "movie" → "movy".

bool isVowel(const QString& w, qsizetype i)
{
    const char16_t c = w.at(i).unicode();
    if (c == u'a' || c == u'e' || c == u'i' || c == u'o' || c == u'u')
        return true;
    // 'y' is a vowel after a consonant, a consonant at the start and after a vowel.
    return c == u'y' && i > 0 && !isVowel(w, i - 1);
}

bool hasVowel(const QString& w, qsizetype end)
{
    for (qsizetype i = 0; i < end; ++i) {
        if (isVowel(w, i))
            return true;
    }
    return false;
}

// Start of the region after the first non-vowel that follows a vowel, searching from `from`.
qsizetype regionStart(const QString& w, qsizetype from)
{
    for (qsizetype i = from + 1; i < w.size(); ++i) {
        if (!isVowel(w, i) && isVowel(w, i - 1))
            return i + 1;
    }
    return w.size();
}

// Porter2's short syllable ending at the end of w: consonant-vowel-consonant (the last not w, x
// or y), or vowel-consonant at the very start ("us" in "used").
bool endsShortSyllable(const QString& w)
{
    const qsizetype n = w.size();
    if (n == 2)
        return isVowel(w, 0) && !isVowel(w, 1);
    if (n < 3 || isVowel(w, n - 1) || !isVowel(w, n - 2) || isVowel(w, n - 3))
        return false;
    const char16_t c = w.at(n - 1).unicode();
    return c != u'w' && c != u'x' && c != u'y';
}

bool isShortWord(const QString& w)
{
    return regionStart(w, 0) >= w.size() && endsShortSyllable(w);
}

bool endsWithDouble(const QString& w)
{
    static const QSet<QString> doubles{QStringLiteral("bb"), QStringLiteral("dd"), QStringLiteral("ff"),
                                       QStringLiteral("gg"), QStringLiteral("mm"), QStringLiteral("nn"),
                                       QStringLiteral("pp"), QStringLiteral("rr"), QStringLiteral("tt")};
    return w.size() >= 2 && doubles.contains(w.right(2));
}

// What follows removing -ed or -ing: restore an e ("creat" → "create", "mak" → "make") or undo a
// doubled consonant ("runn" → "run"; never below three letters, so "added" stays "add").
QString tidyAfterSuffix(QString w)
{
    if (w.endsWith(QLatin1String("at")) || w.endsWith(QLatin1String("bl")) || w.endsWith(QLatin1String("iz")))
        return w + QLatin1Char('e');
    if (endsWithDouble(w)) {
        if (w.size() > 3)
            w.chop(1);
        return w;
    }
    if (isShortWord(w))
        return w + QLatin1Char('e');
    return w;
}

QString step1a(const QString& w)
{
    if (w.endsWith(QLatin1String("sses")))
        return w.left(w.size() - 2);
    if (w.endsWith(QLatin1String("ies")) || w.endsWith(QLatin1String("ied")))
        return w.size() > 4 ? w.left(w.size() - 3) + QLatin1Char('y') : w.left(w.size() - 1);
    if (w.endsWith(QLatin1String("us")) || w.endsWith(QLatin1String("ss")))
        return w;
    // "gaps" → "gap" but "gas", "this" keep their s: a vowel must come before the letter before s.
    if (w.endsWith(QLatin1Char('s')) && hasVowel(w, w.size() - 2))
        return w.left(w.size() - 1);
    return w;
}

QString step1b(const QString& w)
{
    if (w.endsWith(QLatin1String("eed"))) {
        // "agreed" → "agree", but "need", "speed" are words of their own.
        return w.size() - 3 >= regionStart(w, 0) ? w.left(w.size() - 1) : w;
    }
    for (const QLatin1String suffix : {QLatin1String("ed"), QLatin1String("ing")}) {
        if (w.endsWith(suffix)) {
            const qsizetype stemLength = w.size() - suffix.size();
            return hasVowel(w, stemLength) ? tidyAfterSuffix(w.left(stemLength)) : w;
        }
    }
    return w;
}

// Step 5: a final e goes unless it closes a short syllable ("make", "use" keep theirs), so
// "release" meets "released" → "releas".
QString dropFinalE(const QString& w)
{
    if (!w.endsWith(QLatin1Char('e')))
        return w;
    const qsizetype r1 = regionStart(w, 0);
    const qsizetype r2 = regionStart(w, r1);
    const qsizetype e = w.size() - 1;
    const QString before = w.left(e);
    if (e >= r2 || (e >= r1 && !endsShortSyllable(before)))
        return before;
    return w;
}

bool isAsciiLetters(const QString& w)
{
    for (const QChar c : w) {
        if (c < QLatin1Char('a') || c > QLatin1Char('z'))
            return false;
    }
    return true;
}

// --- Character classes ------------------------------------------------------------------------

enum class CharClass
{
    Other,
    Word,
    Mark,
    Joiner,
    Cjk
};

CharClass classify(char32_t cp)
{
    if (SearchTokenizer::isCjk(cp))
        return CharClass::Cjk;
    if (cp < 0x80) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9'))
            return CharClass::Word;
        return cp == '\'' ? CharClass::Joiner : CharClass::Other;
    }
    if (cp == 0x2019) // right single quotation mark, the typographic apostrophe
        return CharClass::Joiner;
    if (QChar::isLetterOrNumber(cp))
        return CharClass::Word;
    // Variation selectors belong to emoji, not to words.
    if ((cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF))
        return CharClass::Other;
    switch (QChar::category(cp)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
        return CharClass::Mark; // vowel signs of Thai, Devanagari…: part of the word they follow
    default:
        return CharClass::Other;
    }
}

} // namespace

char32_t SearchTokenizer::simplified(char32_t cp)
{
    using detail::kSimplifiedHan;
    using detail::kTraditionalHan;
    static_assert(kTraditionalHan.size() == kSimplifiedHan.size());
    if (cp < kTraditionalHan.front() || cp > kTraditionalHan.back())
        return cp;
    const auto it = std::lower_bound(kTraditionalHan.cbegin(), kTraditionalHan.cend(), cp);
    return it != kTraditionalHan.cend() && *it == cp
               ? kSimplifiedHan[static_cast<std::size_t>(it - kTraditionalHan.cbegin())]
               : cp;
}

bool SearchTokenizer::isCjk(char32_t cp)
{
    return (cp >= 0x4E00 && cp <= 0x9FFF)      // CJK Unified Ideographs
           || (cp >= 0x3400 && cp <= 0x4DBF)   // Extension A
           || (cp >= 0x20000 && cp <= 0x2FA1F) // Extensions B–F, compatibility supplement
           || (cp >= 0x30000 && cp <= 0x323AF) // Extensions G–H
           || (cp >= 0xF900 && cp <= 0xFAFF)   // Compatibility Ideographs
           || (cp >= 0x3040 && cp <= 0x309F)   // Hiragana
           || (cp >= 0x30A0 && cp <= 0x30FF)   // Katakana (incl. the prolonged sound mark)
           || (cp >= 0x31F0 && cp <= 0x31FF)   // Katakana phonetic extensions
           || (cp >= 0x1100 && cp <= 0x11FF)   // Hangul Jamo
           || (cp >= 0x3130 && cp <= 0x318F)   // Hangul compatibility Jamo
           || (cp >= 0xAC00 && cp <= 0xD7AF);  // Hangul syllables
}

QString SearchTokenizer::stem(const QString& word)
{
    // Words with digits or non-English letters are left alone: "100ms" must not become "100m".
    if (word.size() <= 3 || !isAsciiLetters(word))
        return word;
    // Porter2's irregular forms that its rules get wrong, and words that only look inflected.
    static const QHash<QString, QString> irregular{
        {QStringLiteral("dying"), QStringLiteral("die")},   {QStringLiteral("lying"), QStringLiteral("lie")},
        {QStringLiteral("tying"), QStringLiteral("tie")},   {QStringLiteral("skies"), QStringLiteral("sky")},
        {QStringLiteral("news"), QStringLiteral("news")},   {QStringLiteral("embed"), QStringLiteral("embed")},
        {QStringLiteral("embeds"), QStringLiteral("embed")}};
    if (const auto it = irregular.constFind(word); it != irregular.cend())
        return *it;
    QString w = dropFinalE(step1b(step1a(word)));
    if (w.endsWith(QLatin1Char('i')))
        w.back() = QLatin1Char('y');
    return w;
}

QStringList SearchTokenizer::tokenize(const QString& text)
{
    // NFKC folds full-width letters and digits (ＡＢＣ１２３), half-width katakana and
    // compatibility forms (ﬁ, ①) to their plain equivalents; case folding then lower-cases.
    // Traditional Han characters become simplified ones below, so "臺灣" finds "台湾".
    const QString folded = text.normalized(QString::NormalizationForm_KC).toCaseFolded();
    const QList<uint> cps = folded.toUcs4();

    QStringList tokens;
    QString word;
    QList<char32_t> cjkRun;

    auto flushWord = [&] {
        if (!word.isEmpty()) {
            tokens.append(stem(word));
            word.clear();
        }
    };
    // Lucene's CJK scheme: every character, and every overlapping pair of neighbours.
    auto flushCjk = [&] {
        for (qsizetype i = 0; i < cjkRun.size(); ++i) {
            tokens.append(QString::fromUcs4(&cjkRun[i], 1));
            if (i + 1 < cjkRun.size())
                tokens.append(QString::fromUcs4(&cjkRun[i], 2));
        }
        cjkRun.clear();
    };

    for (const uint u : cps) {
        const auto cp = static_cast<char32_t>(u);
        switch (classify(cp)) {
        case CharClass::Word:
            flushCjk();
            word.append(QString::fromUcs4(&cp, 1));
            break;
        case CharClass::Mark:
            if (!word.isEmpty())
                word.append(QString::fromUcs4(&cp, 1));
            break;
        case CharClass::Cjk:
            flushWord();
            cjkRun.append(simplified(cp));
            break;
        case CharClass::Joiner:
            // An apostrophe inside a word ("don't", "user's") joins it instead of leaving a stray letter.
            if (!word.isEmpty())
                break;
            flushCjk();
            break;
        case CharClass::Other:
            flushWord();
            flushCjk();
            break;
        }
    }
    flushWord();
    flushCjk();
    return tokens;
}

QString SearchTokenizer::indexText(const QString& text)
{
    return tokenize(text).join(QLatin1Char(' '));
}

QString SearchTokenizer::matchExpression(const QString& query)
{
    return matchExpression(tokenize(query));
}

QString SearchTokenizer::matchExpression(const QStringList& tokens)
{
    // Each token is an FTS5 string, so words like AND, NOT, NEAR or a stray '*' or ':' in the
    // query can never be read as operators or column filters.
    QStringList quoted;
    QSet<QString> seen;
    for (const QString& t : tokens) {
        if (t.isEmpty() || seen.contains(t))
            continue;
        seen.insert(t);
        QString escaped = t;
        escaped.replace(QLatin1Char('"'), QLatin1String("\"\""));
        quoted.append(QLatin1Char('"') + escaped + QLatin1Char('"'));
    }
    return quoted.join(QLatin1String(" OR "));
}

} // namespace engram
