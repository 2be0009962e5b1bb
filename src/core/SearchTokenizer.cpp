#include "core/SearchTokenizer.h"

#include <QSet>

namespace engram {
namespace {

bool isVowel(const QString& w, qsizetype i)
{
    const QChar c = w.at(i);
    if (c == QLatin1Char('a') || c == QLatin1Char('e') || c == QLatin1Char('i') || c == QLatin1Char('o') ||
        c == QLatin1Char('u'))
        return true;
    // 'y' is a vowel after a consonant.
    return c == QLatin1Char('y') && i > 0 && !isVowel(w, i - 1);
}

bool hasVowel(const QString& w)
{
    for (qsizetype i = 0; i < w.size(); ++i) {
        if (isVowel(w, i))
            return true;
    }
    return false;
}

// Porter's measure m: the number of vowel-consonant sequences.
int measure(const QString& w)
{
    int m = 0;
    bool prevVowel = false;
    for (qsizetype i = 0; i < w.size(); ++i) {
        const bool v = isVowel(w, i);
        if (prevVowel && !v)
            ++m;
        prevVowel = v;
    }
    return m;
}

bool endsDoubleConsonant(const QString& w)
{
    const qsizetype n = w.size();
    return n >= 2 && w.at(n - 1) == w.at(n - 2) && !isVowel(w, n - 1);
}

// consonant-vowel-consonant at the end, the last not w, x or y ("hop" -> "hope" rule).
bool endsCvc(const QString& w)
{
    const qsizetype n = w.size();
    if (n < 3 || isVowel(w, n - 1) || !isVowel(w, n - 2) || isVowel(w, n - 3))
        return false;
    const QChar c = w.at(n - 1);
    return c != QLatin1Char('w') && c != QLatin1Char('x') && c != QLatin1Char('y');
}

QString afterSuffixRemoval(QString stemmed)
{
    if (stemmed.endsWith(QLatin1String("at")) || stemmed.endsWith(QLatin1String("bl")) ||
        stemmed.endsWith(QLatin1String("iz")))
        return stemmed + QLatin1Char('e');
    if (endsDoubleConsonant(stemmed)) {
        const QChar c = stemmed.back();
        if (c != QLatin1Char('l') && c != QLatin1Char('s') && c != QLatin1Char('z'))
            stemmed.chop(1);
        return stemmed;
    }
    if (measure(stemmed) == 1 && endsCvc(stemmed))
        return stemmed + QLatin1Char('e');
    return stemmed;
}

enum class CharClass
{
    Other,
    Word,
    Cjk
};

CharClass classify(char32_t cp)
{
    if (SearchTokenizer::isCjk(cp))
        return CharClass::Cjk;
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') ? CharClass::Word : CharClass::Other;
    return QChar::isLetterOrNumber(cp) ? CharClass::Word : CharClass::Other;
}

} // namespace

bool SearchTokenizer::isCjk(char32_t cp)
{
    return (cp >= 0x4E00 && cp <= 0x9FFF)      // CJK Unified Ideographs
           || (cp >= 0x3400 && cp <= 0x4DBF)   // Extension A
           || (cp >= 0x20000 && cp <= 0x2FA1F) // Extensions B–F, compatibility supplement
           || (cp >= 0xF900 && cp <= 0xFAFF)   // Compatibility Ideographs
           || (cp >= 0x3040 && cp <= 0x30FF)   // Hiragana, Katakana
           || (cp >= 0xAC00 && cp <= 0xD7AF);  // Hangul syllables
}

QString SearchTokenizer::stem(const QString& word)
{
    QString w = word;
    if (w.size() <= 3)
        return w;
    // Step 1a: plurals.
    if (w.endsWith(QLatin1String("sses")))
        w.chop(2);
    else if (w.endsWith(QLatin1String("ies")))
        w = w.left(w.size() - 3) + QLatin1Char('y');
    else if (w.endsWith(QLatin1Char('s')) && !w.endsWith(QLatin1String("ss")) && !w.endsWith(QLatin1String("us")) &&
             !w.endsWith(QLatin1String("is")))
        w.chop(1);
    // Step 1b: -eed, -ed, -ing.
    if (w.endsWith(QLatin1String("eed"))) {
        if (measure(w.left(w.size() - 3)) > 0)
            w.chop(1);
    } else if (w.endsWith(QLatin1String("ed")) && w.size() > 4 && hasVowel(w.left(w.size() - 2))) {
        w = afterSuffixRemoval(w.left(w.size() - 2));
    } else if (w.endsWith(QLatin1String("ing")) && w.size() > 5 && hasVowel(w.left(w.size() - 3))) {
        w = afterSuffixRemoval(w.left(w.size() - 3));
    }
    // Step 1c: a final y after a consonant becomes i in Porter; we keep y and fold "ied"/"ies" above.
    return w;
}

QStringList SearchTokenizer::tokenize(const QString& text)
{
    // NFKC folds full-width letters and digits (ＡＢＣ１２３) and compatibility forms to ASCII.
    const QString folded = text.normalized(QString::NormalizationForm_KC).toLower();
    const QList<uint> cps = folded.toUcs4();

    QStringList tokens;
    tokens.reserve(cps.size());
    QString word;
    QList<char32_t> cjkRun;

    auto flushWord = [&] {
        if (!word.isEmpty()) {
            tokens.append(stem(word));
            word.clear();
        }
    };
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
        case CharClass::Cjk:
            flushWord();
            cjkRun.append(cp);
            break;
        case CharClass::Other:
            // An apostrophe inside a word ("don't") does not split it into a stray letter.
            if (cp == U'\'' && !word.isEmpty())
                break;
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
