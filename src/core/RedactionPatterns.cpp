#include "core/RedactionPatterns.h"

#include "core/SearchTokenizer.h"

#include <QRegularExpression>

#include <optional>

namespace engram::redaction {

namespace {

using Span = std::pair<qsizetype, qsizetype>; // [first, second)

bool isAsciiLetter(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'));
}

qsizetype skipSpaces(const QString& s, qsizetype pos, bool newlines = false)
{
    while (pos < s.size() && (s[pos] == QLatin1Char(' ') || s[pos] == QLatin1Char('\t') ||
                              (newlines && (s[pos] == QLatin1Char('\n') || s[pos] == QLatin1Char('\r')))))
        ++pos;
    return pos;
}

// The end of `word` at pos if it is there as a whole word (case-insensitive), else -1.
qsizetype wordAt(const QString& s, qsizetype pos, QLatin1String word)
{
    if (!QStringView(s).mid(pos).startsWith(word, Qt::CaseInsensitive))
        return -1;
    const qsizetype end = pos + word.size();
    return end < s.size() && isAsciiLetter(s[end]) ? -1 : end;
}

// ---- stated passwords ---------------------------------------------------------------------------

// How a value was introduced; the weaker the lead-in, the more the value must look like a secret.
enum class Lead
{
    None,    // "密码 123456", "PIN 1234": only whitespace, so the value must contain a digit
    Symbol,  // ":", "=", "：" — whatever follows is the value
    Chinese, // "是", "为", "改成"…
    English, // "is", "was", "to"…: an ordinary word after them is not a password ("is too short")
};

struct Connector
{
    qsizetype end{};
    Lead lead{Lead::None};
};

Connector connectorAt(const QString& s, qsizetype pos, bool allowTo)
{
    // A closing quote of a key such as "password": or 'pwd' = belongs to the keyword.
    if (pos < s.size() && (s[pos] == QLatin1Char('"') || s[pos] == QLatin1Char('\'')) &&
        wordAt(s, pos + 1, QLatin1String("s")) < 0)
        ++pos;
    pos = skipSpaces(s, pos);
    static const QStringList chinese{QStringLiteral("设置为"), QStringLiteral("设置成"), QStringLiteral("改成"),
                                     QStringLiteral("改为"),   QStringLiteral("改為"),   QStringLiteral("换成"),
                                     QStringLiteral("換成"),   QStringLiteral("设为"),   QStringLiteral("设成"),
                                     QStringLiteral("設為"),   QStringLiteral("是"),     QStringLiteral("为"),
                                     QStringLiteral("為")};
    Connector c{pos, Lead::None};
    for (const QString& w : chinese) {
        if (QStringView(s).mid(pos).startsWith(w)) {
            c = {pos + w.size(), Lead::Chinese};
            if (c.end < s.size() && s[c.end] == QChar(0x4E86)) // 了
                ++c.end;
            break;
        }
    }
    if (c.lead == Lead::None) {
        for (const char* w : {"is", "was", "'s", "to"}) {
            const qsizetype end = wordAt(s, pos, QLatin1String(w));
            if (end >= 0 && (allowTo || qstrcmp(w, "to") != 0)) {
                c = {end, Lead::English};
                const qsizetype now = wordAt(s, skipSpaces(s, end), QLatin1String("now"));
                if (now >= 0)
                    c.end = now;
                break;
            }
        }
    }
    const qsizetype symbol = skipSpaces(s, c.end);
    if (symbol < s.size() && (s[symbol] == QLatin1Char(':') || s[symbol] == QLatin1Char('=')))
        c = {symbol + 1, Lead::Symbol};
    return c;
}

// Words after "is"/"was"/"to" that describe a password rather than being one.
bool isOrdinaryWord(QStringView value)
{
    static const QStringList words =
        QStringLiteral(
            "a an the not too very so still also just really being been correct incorrect wrong right invalid valid "
            "weak strong secure insecure safe unsafe required optional expired changed reset saved stored encrypted "
            "hashed hidden visible same different empty blank missing long short easy hard simple complex case "
            "sensitive my your his her their our its it this that what which where when how who in on at for of with "
            "from by and or but no yes set ok okay fine good bad great secret needed necessary mandatory shown "
            "displayed sent generated updated unknown forgotten lost something anything nothing probably definitely "
            "actually usually always never only literally here there protected private personal important known "
            "written")
            .split(QLatin1Char(' '));
    for (const QChar c : value) {
        if (!isAsciiLetter(c))
            return false;
    }
    return words.contains(value.toString(), Qt::CaseInsensitive);
}

QChar closingQuote(QChar open)
{
    switch (open.unicode()) {
    case '"':
    case '\'':
    case '`':
        return open;
    case 0x201C: // “
        return QChar(0x201D);
    case 0x2018: // ‘
        return QChar(0x2019);
    case 0x300C: // 「
        return QChar(0x300D);
    case 0x300E: // 『
        return QChar(0x300F);
    default:
        return {};
    }
}

std::optional<Span> valueAt(const QString& s, const QString& original, qsizetype pos, Lead lead)
{
    pos = skipSpaces(s, pos, lead == Lead::Symbol);
    if (pos >= s.size())
        return std::nullopt;
    // A quoted value may hold spaces: "correct horse battery staple".
    if (const QChar close = closingQuote(s[pos]); !close.isNull()) {
        const QStringView ahead = QStringView(s).mid(pos + 1, 200); // bounded: a stray quote costs little
        const qsizetype length = ahead.indexOf(close);
        if (length > 0 && !ahead.first(length).contains(QLatin1Char('\n')))
            return Span{pos + 1, pos + 1 + length};
        ++pos;
    }
    // Printable ASCII (after width folding) up to a space or full-width punctuation; after a colon
    // also CJK characters, for a Chinese watchword ("口令：芝麻开门"). After "是" a CJK value is a
    // question or a hint ("密码是什么", "密码是我的生日"), not the password.
    qsizetype end = pos;
    while (end < s.size() && ((s[end].unicode() > 0x20 && s[end].unicode() < 0x7F &&
                               (original[end] == s[end] || s[end].isLetterOrNumber())) ||
                              (lead == Lead::Symbol && SearchTokenizer::isCjk(s[end].unicode()))))
        ++end;
    while (end > pos && QStringView(u".,;:?)]}>\"'").contains(s[end - 1]))
        --end;
    const QStringView value = QStringView(s).mid(pos, end - pos);
    if (value.size() < 3)
        return std::nullopt;
    if (lead == Lead::None && std::ranges::none_of(value, [](QChar c) { return c.isDigit(); }))
        return std::nullopt;
    if (lead == Lead::English && isOrdinaryWord(value))
        return std::nullopt;
    return Span{pos, end};
}

// "password for my bank account is …", "密码一直是 …": a few words between the keyword and its verb.
std::optional<Span> valueAfterFiller(const QString& s, const QString& original, qsizetype pos)
{
    for (qsizetype n = 1; n <= 3 && pos + n <= s.size() && SearchTokenizer::isCjk(s[pos + n - 1].unicode()); ++n) {
        const Connector c = connectorAt(s, pos + n, false);
        if (c.lead == Lead::Chinese || c.lead == Lead::Symbol) {
            if (auto v = valueAt(s, original, c.end, c.lead))
                return v;
        }
    }
    qsizetype at = -1;
    for (const char* w : {"for", "of", "to", "on", "at", "in", "from"}) {
        at = wordAt(s, skipSpaces(s, pos), QLatin1String(w));
        if (at >= 0)
            break;
    }
    for (int words = 0; at >= 0 && words < 3; ++words) {
        qsizetype end = skipSpaces(s, at);
        if (end == at)
            return std::nullopt;
        while (end < s.size() && (isAsciiAlnum(s[end]) || QStringView(u"_.@'-").contains(s[end])))
            ++end;
        const Connector c = connectorAt(s, end, false);
        if (c.lead == Lead::English || c.lead == Lead::Symbol) {
            if (auto v = valueAt(s, original, c.end, c.lead))
                return v;
        }
        at = end;
    }
    return std::nullopt;
}

std::optional<Span> statedValue(const QString& s, const QString& original, qsizetype afterKeyword)
{
    const Connector c = connectorAt(s, afterKeyword, true);
    if (c.lead != Lead::None) {
        if (auto v = valueAt(s, original, c.end, c.lead))
            return v;
    }
    if (auto v = valueAfterFiller(s, original, afterKeyword))
        return v;
    return c.lead == Lead::None ? valueAt(s, original, c.end, Lead::None) : std::nullopt;
}

// ---- keys and tokens ----------------------------------------------------------------------------

void addMatches(const QRegularExpression& re, const QString& s, int group, QList<Redaction>& out,
                bool (*accept)(QStringView) = nullptr)
{
    for (auto it = re.globalMatch(s); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!accept || accept(m.capturedView(group)))
            out.append({Redactor::kApiKey, m.capturedStart(group), m.capturedLength(group)});
    }
}

bool hasLetterAndDigit(QStringView v)
{
    return std::ranges::any_of(v, [](QChar c) { return c.isDigit(); }) &&
           std::ranges::any_of(v, [](QChar c) { return isAsciiLetter(c); });
}

// Random base64 mixes cases and digits; paths and identifiers are made of words. Share of the
// run in word-like pieces (a lower-case run of four or more, with its capital): under a half means
// random. Measured: about 0.1 % of random 40-character keys fail this, no path or identifier tried passed.
bool looksRandom(QStringView v)
{
    if (std::ranges::none_of(v, [](QChar c) { return c.isUpper(); }) ||
        std::ranges::none_of(v, [](QChar c) { return c.isLower(); }))
        return false;
    qsizetype wordy = 0;
    for (qsizetype i = 0; i < v.size();) {
        const qsizetype from = i;
        if (v[i].isUpper())
            ++i;
        qsizetype end = i;
        while (end < v.size() && v[end] >= QLatin1Char('a') && v[end] <= QLatin1Char('z'))
            ++end;
        if (end - i >= 4)
            wordy += end - from;
        i = std::max(end, from + 1);
    }
    return wordy * 2 < v.size();
}

QList<Span> urlSpans(const QString& s)
{
    static const QRegularExpression url(
        QStringLiteral(R"((?i)\b[a-z][a-z0-9+.-]{1,15}://[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]+)"));
    QList<Span> spans;
    for (auto it = url.globalMatch(s); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        spans.append({m.capturedStart(), m.capturedEnd()});
    }
    return spans;
}

// Long hex and base64 runs, except inside links: a link's path and ids are not its secrets (its
// secret parameters, "token=…", and a password before "@" are caught by the other rules).
void addRandomLooking(const QString& s, QList<Redaction>& out)
{
    static const QRegularExpression hex(
        QStringLiteral("(?<![A-Za-z0-9])(?:[0-9a-f]{32,}|[0-9A-F]{32,})(?![A-Za-z0-9])"));
    static const QRegularExpression base64(
        QStringLiteral("(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/=_-])"));
    QList<Redaction> found;
    addMatches(hex, s, 0, found, hasLetterAndDigit);
    addMatches(base64, s, 0, found, looksRandom);
    std::ranges::sort(found, [](const Redaction& a, const Redaction& b) { return a.start < b.start; });
    const QList<Span> urls = urlSpans(s); // in text order, like found: one pass over both
    qsizetype u = 0;
    for (const Redaction& r : std::as_const(found)) {
        while (u < urls.size() && urls[u].second <= r.start)
            ++u;
        if (u == urls.size() || r.start < urls[u].first)
            out.append(r);
    }
}

} // namespace

QString foldWidth(const QString& text)
{
    QString folded = text;
    for (QChar& c : folded) {
        if (c.unicode() >= 0xFF01 && c.unicode() <= 0xFF5E)
            c = QChar(c.unicode() - 0xFEE0);
        else if (c.unicode() == 0x3000)
            c = QLatin1Char(' ');
    }
    return folded;
}

bool isAsciiAlnum(QChar c)
{
    return isAsciiLetter(c) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

QList<Redaction> findStatedPasswords(const QString& folded, const QString& original)
{
    static const QRegularExpression keyword(
        QStringLiteral("(?<![A-Za-z])(?:password|passwd|passcode|passphrase|pwd|cvv|cvc|"
                       "pin(?:[ \\t]*(?:code|number)|码|碼)?)(?![A-Za-z])|密码|密碼|口令"),
        QRegularExpression::CaseInsensitiveOption);
    QList<Redaction> found;
    for (auto it = keyword.globalMatch(folded); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (const auto v = statedValue(folded, original, m.capturedEnd()))
            found.append({Redactor::kPassword, v->first, v->second - v->first});
    }
    return found;
}

QList<Redaction> findLabelledIds(const QString& s)
{
    // The label, an optional connector ("：", "是", "is"), then the value: letters and digits, in
    // groups joined by a space or a dash as long as each later group holds a digit ("123-45-6789",
    // "110101 19900307 4578"), and a Hong Kong style check character in brackets ("A123456(7)").
    static const QRegularExpression labelled(QStringLiteral(
        R"re((?i)(?:(?:(?:公民)?身份(?:证|證)|公民身份|(?:证|證)件|(?:护|護)照|社保卡?|社(?:会|會)保障卡?)re"
        R"re(|(?:驾|駕)(?:驶|駛)(?:证|證)|(?:驾|駕)照|居住(?:证|證)|通行(?:证|證)|(?:军|軍)官(?:证|證))re"
        R"re()(?:号码|號碼|号|號|编号|編號)?)re"
        R"re(|(?<![A-Za-z])(?:(?:(?:national|resident|citizen|personal)[ \t]+)?(?:id|identity|identification))re"
        R"re((?:[ \t]+card)?[ \t]*(?:number|num|no\.?|nr\.?|#)|(?:national|resident|citizen)[ \t]+id)re"
        R"re(|(?:id|identity)[ \t]+card|passport(?:[ \t]*(?:number|num|no\.?|nr\.?|#))?)re"
        R"re(|(?:driver'?s?[ \t]+)?licen[cs]e[ \t]*(?:number|num|no\.?|#)|ssn)re"
        R"re(|social[ \t]+security(?:[ \t]+(?:number|num|no\.?|#))?|tax[ \t]+id(?:[ \t]*(?:number|no\.?))?))re"
        R"re((?![A-Za-z])))re"
        R"re([ \t]*(?:(?:is|was)(?![A-Za-z])|是|为|為)?[ \t]*[:=#]?[ \t]*)re"
        R"re(([A-Za-z0-9]+(?:[ -](?=[A-Za-z]*[0-9])[A-Za-z0-9]+)*(?:\([0-9A-Za-z]\))?)(?![A-Za-z0-9]))re"));
    QList<Redaction> found;
    for (auto it = labelled.globalMatch(s); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QStringView value = m.capturedView(1);
        // Enough digits to be a document's number, not "ID card 2" or "passport photo".
        const auto digits = std::ranges::count_if(value, [](QChar c) { return c.isDigit(); });
        if (digits >= 5 && value.size() <= 40)
            found.append({Redactor::kIdNumber, m.capturedStart(1), m.capturedLength(1)});
    }
    return found;
}

QList<Redaction> findApiKeys(const QString& s)
{
    // Formats their issuers document: OpenAI/Anthropic sk-, Stripe secret keys, AWS access key
    // ids, GitHub, Slack, GitLab, Google and Hugging Face tokens, and JSON Web Tokens.
    static const QRegularExpression known(QStringLiteral(
        "(?<![A-Za-z0-9])(?:sk-[A-Za-z0-9_-]{20,}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|(?:AKIA|ASIA)[A-Z0-9]{16}"
        "|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abposr]-[A-Za-z0-9-]{10,}"
        "|glpat-[A-Za-z0-9_-]{20,}|AIza[A-Za-z0-9_-]{35}|hf_[A-Za-z0-9]{30,}"
        "|eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,})(?![A-Za-z0-9])"));
    static const QRegularExpression bearer(QStringLiteral("(?i)(?<![A-Za-z])bearer[ \\t]+([A-Za-z0-9._~+/-]{16,}=*)"));
    // "api_key=…", "secret: …", "X-Amz-Signature=…": the value, if it mixes letters and digits.
    static const QRegularExpression assignment(QStringLiteral(
        "(?i)(?<![A-Za-z0-9])(?:api[_-]?key|apikey|access[_-]?key(?:[_-]?id)?|secret(?:[_-]?access)?(?:[_-]?key)?"
        "|client[_-]?secret|(?:access|auth|refresh|api|bot|session)[_-]?token|token|key|sig|signature)"
        "[\"']?[ \\t]*[:=][ \\t]*[\"']?([A-Za-z0-9._~+/-]{16,}=*)"));
    static const QRegularExpression privateKey(
        QStringLiteral("-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\\s\\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE "
                       "KEY-----|$)"));
    // "postgres://user:secret@host": the password of a link.
    static const QRegularExpression urlPassword(
        QStringLiteral("(?i)\\b[a-z][a-z0-9+.-]{1,15}://[^\\s/:@]+:([^\\s/@]+)@"));

    QList<Redaction> found;
    addMatches(known, s, 0, found);
    addMatches(bearer, s, 1, found);
    addMatches(assignment, s, 1, found, hasLetterAndDigit);
    addMatches(privateKey, s, 0, found);
    addRandomLooking(s, found);
    for (auto it = urlPassword.globalMatch(s); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        found.append({Redactor::kPassword, m.capturedStart(1), m.capturedLength(1)});
    }
    return found;
}

} // namespace engram::redaction
