#include "llm/RuleText.h"

#include <QRegularExpression>

namespace engram::rules {
namespace {

// Quotation pairs. The ASCII double quote pairs with itself.
constexpr std::pair<char16_t, char16_t> kQuotes[] = {
    {u'\u201C', u'\u201D'}, // “ ”
    {u'\u2018', u'\u2019'}, // ‘ ’
    {u'\u300C', u'\u300D'}, // 「 」
    {u'\u300E', u'\u300F'}, // 『 』
    {u'"', u'"'},
};

bool isFirstPersonQuote(const QString& inner)
{
    static const QRegularExpression firstPerson = pattern(QStringLiteral("我|\\bI\\b|\\bI'm\\b|\\bmy\\b|\\bme\\b"));
    return inner.contains(firstPerson);
}

QString handleQuotes(QString text)
{
    for (const auto& [open, close] : kQuotes) {
        qsizetype from = 0;
        while (true) {
            const qsizetype start = text.indexOf(QChar(open), from);
            if (start < 0)
                break;
            const qsizetype end = text.indexOf(QChar(close), start + 1);
            if (end < 0)
                break;
            const QString inner = text.mid(start + 1, end - start - 1);
            // Reported speech becomes a neutral gap, so its words match nothing.
            const QString replacement = isFirstPersonQuote(inner) ? QStringLiteral(" … ") : inner;
            text.replace(start, end - start + 1, replacement);
            from = start + replacement.size();
        }
    }
    return text;
}

const QString& clauseConjunctionsZh()
{
    static const QString words = QStringLiteral("但是|但|不过|可是|然而|而且|并且|所以|因此|因为|然后|同时|虽然|另外");
    return words;
}

QString stripFillers(QString clause)
{
    static const QRegularExpression fillers = pattern(QStringLiteral(
        "^(?:\\s|嗯+|哦+|噢+|啊+|呃+|对了|其实|另外|还有|而且|并且|然后|顺便说一下|顺便说下|顺便|那个|话说|"
        "说实话|老实说|是的|好的|好吧|嗨|你好|您好|但是|但|不过|可是|所以|因此|因为|同时|虽然|"
        "(?:well|so|oh|ok|okay|hi|hello|hey|actually|btw|by the way|also|and|but|anyway|yeah|yes|"
        "um|uh|fyi|because|plus|honestly)\\b)+"));
    clause.remove(fillers);
    return clause.trimmed();
}

// The subject word of a first-person clause, or empty.
QString firstPersonSubject(const QString& clause)
{
    static const QRegularExpression zh = pattern(QStringLiteral("^(我们|我)"));
    static const QRegularExpression en = pattern(QStringLiteral("^(I|we|my|our)\\b"));
    if (auto m = zh.match(clause); m.hasMatch())
        return m.captured(1);
    if (auto m = en.match(clause); m.hasMatch()) {
        const QString word = m.captured(1).toLower();
        return word == QLatin1String("we") || word == QLatin1String("our") ? QStringLiteral("we") : QStringLiteral("I");
    }
    return {};
}

// A clause without a subject that continues the previous first-person clause.
QString withBorrowedSubject(const QString& clause, const QString& subject)
{
    static const QRegularExpression zhVerb =
        pattern(QStringLiteral("^(?:是|用|使用|在|正在|喜欢|不喜欢|不太喜欢|讨厌|也|还|主要|平时|现在|目前|负责|住|很|"
                               "最|特别|非常|一直|比较|挺|转|改)"));
    static const QRegularExpression enVerb =
        pattern(QStringLiteral("^(?:am|use|like|love|hate|work|live|prefer|enjoy|mainly|mostly|really|currently|now|"
                               "don't|do not|dislike)\\b"));
    const bool chineseSubject = subject.startsWith(QChar(u'我'));
    if (chineseSubject && clause.contains(zhVerb))
        return subject + clause;
    if (!chineseSubject && clause.contains(enVerb))
        return subject + QLatin1Char(' ') + clause;
    return clause;
}

} // namespace

QRegularExpression pattern(const QString& text, bool caseInsensitive)
{
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (caseInsensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    QRegularExpression r(text, options);
    Q_ASSERT_X(r.isValid(), "rules::pattern", qPrintable(r.errorString()));
    return r;
}

QString cleanMessage(const QString& message)
{
    // Code is not a statement about the user, even when a string in it says "I am a developer".
    static const QRegularExpression fenced(QStringLiteral("```.*?(?:```|$)"),
                                           QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression inlineCode = pattern(QStringLiteral("`[^`\\n]*`"));
    // A typographic apostrophe inside a word ("I’m") is an apostrophe, not a closing quote.
    static const QRegularExpression apostrophe = pattern(QStringLiteral("(?<=\\w)\\x{2019}(?=\\w)"));
    QString text = message.normalized(QString::NormalizationForm_KC);
    text.replace(apostrophe, QStringLiteral("'"));
    text.replace(fenced, QStringLiteral("\n"));
    text.replace(inlineCode, QStringLiteral(" "));
    return handleQuotes(text);
}

QStringList sentences(const QString& text)
{
    QStringList out;
    QString current;
    auto flush = [&] {
        const QString s = current.trimmed();
        if (!s.isEmpty())
            out.append(s);
        current.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        current.append(c);
        const bool atEnd = i + 1 >= text.size();
        // A '.' ends a sentence only before a space or the end: "Node.js" and "3.5" stay whole.
        const bool dotEnds = c == QLatin1Char('.') && (atEnd || text.at(i + 1).isSpace());
        if (dotEnds || c == u'。' || c == QLatin1Char('!') || c == QLatin1Char('?') || c == QLatin1Char(';') ||
            c == QLatin1Char('\n') || c == u'…')
            flush();
    }
    flush();
    return out;
}

bool isPlayOrTest(const QString& message)
{
    static const QRegularExpression markers = pattern(QStringLiteral(
        "角色扮演|扮演|假装|cosplay|测试一下|只是测试|这是测试|这是一个测试|做个测试|测试消息|随便说说|随口一说|"
        "\\brole-?play|\\bpretend|\\blet's play\\b|\\bjust testing\\b|\\bthis is a test\\b|"
        "\\btest message\\b|\\bhypothetically\\b"));
    return message.contains(markers);
}

bool hasJokeMarker(const QString& sentence)
{
    static const QRegularExpression markers = pattern(
        QStringLiteral("哈哈|呵呵|嘿嘿|嘻嘻|开玩笑|开个玩笑|逗你|骗你|说着玩|玩笑|狗头|\\[doge\\]|233|hhh|"
                       "\\blol\\b|\\blmao\\b|\\brofl\\b|\\bjk\\b|\\bj/k\\b|kidding|\\bhaha|\\bhehe|\\bhihi|/s\\b|"
                       "\\x{1F602}|\\x{1F923}|\\x{1F61C}|\\x{1F61D}|\\x{1F606}|\\x{1F643}|\\x{1F60F}|\\x{1F92A}"));
    return sentence.contains(markers);
}

bool isQuestion(const QString& sentence)
{
    static const QRegularExpression zh = pattern(QStringLiteral(
        "(?:吗|么|呢)\\s*[.!。]*$|是不是|是否|有没有|对不对|对吧|什么|谁|哪|几个|多少|怎么|为什么|为啥|咋"));
    static const QRegularExpression en = pattern(
        QStringLiteral("^(?:(?:so|and|but|hey|well|ok|okay|also)[,\\s]+)?(?:do|does|did|am|is|are|was|were|can|"
                       "could|would|should|will|shall|have|has|what|who|whom|whose|where|when|why|how|which)\\b"));
    return sentence.contains(QLatin1Char('?')) || sentence.contains(zh) || sentence.trimmed().contains(en);
}

bool isNotCurrentFact(const QString& sentence)
{
    static const QRegularExpression markers = pattern(QStringLiteral(
        "如果|假如|假若|倘若|要是|假设|万一|比如|例如|想象|梦想|梦见|梦到|想成为|想当|希望|但愿|可能|也许|或许|大概|"
        "吧\\s*[.!。]*$|以前|曾经|之前|过去|小时候|当年|上辈子|下辈子|将来|"
        "\\bif\\b|\\bsuppose|\\bimagine\\b|\\bwish\\b|\\bmaybe\\b|\\bperhaps\\b|\\bprobably\\b|\\bmight\\b|"
        "\\bwould\\b|\\bwere\\b|\\blet's say\\b|\\bfor example\\b|\\be\\.g\\.|\\bdream|\\bone day\\b|\\bsomeday\\b|"
        "\\bused to\\b|\\bback then\\b|\\bwhen I was\\b|\\bin the past\\b|\\bformerly\\b|\\bnext life\\b"));
    return sentence.contains(markers);
}

QString sentenceBody(const QString& sentence)
{
    static const QRegularExpression terminal = pattern(QStringLiteral("[.!?。…]+$"));
    QString body = sentence.trimmed();
    body.remove(terminal);
    return stripFillers(body);
}

QStringList clauses(const QString& sentence)
{
    static const QRegularExpression boundaries =
        pattern(QStringLiteral("[,:;，：；()]+|(?=(?:%1))|\\s+(?=(?:but|because|so|although|though|whereas)\\s)|"
                               "\\s+(?=and\\s+(?:I|I'm|I've|my|we)\\b)")
                    .arg(clauseConjunctionsZh()));
    static const QRegularExpression terminal = pattern(QStringLiteral("[.!?。…]+$"));
    QString body = sentence.trimmed();
    body.remove(terminal);

    QStringList out;
    QString subject;
    for (const QString& part : body.split(boundaries, Qt::SkipEmptyParts)) {
        QString clause = stripFillers(part);
        if (clause.isEmpty())
            continue;
        const QString own = firstPersonSubject(clause);
        if (!own.isEmpty()) {
            subject = own;
        } else if (!subject.isEmpty()) {
            const QString borrowed = withBorrowedSubject(clause, subject);
            // A clause with a subject of its own ("他是医生") ends the run of the user's clauses.
            if (borrowed == clause)
                subject.clear();
            clause = borrowed;
        }
        out.append(clause);
    }
    return out;
}

QString trimObject(const QString& text)
{
    static const QRegularExpression stop =
        pattern(QStringLiteral(
                    "[,;:!?。，、()\\n]|\\.(?:\\s|$)|(?:%1)|\\s(?:but|because|so|although|though|while|whereas|which|"
                    "who|since|when|if|unless|than|and I|and my|and we)\\b")
                    .arg(clauseConjunctionsZh()));
    static const QRegularExpression leading =
        pattern(QStringLiteral("^(?:\\s|一个|一名|一位|一家|一款|一种|一门|(?:a|an|the|my|our)\\b)+"));
    static const QRegularExpression trailing = pattern(QStringLiteral("(?:\\s|了|啊|呀|哦|吧|呢|嘛|啦|哈|~|\\.)+$"));
    QString object = text;
    if (const auto m = stop.match(object); m.hasMatch())
        object.truncate(m.capturedStart());
    object.remove(leading);
    object.remove(trailing);
    return object.trimmed();
}

bool startsWithPronoun(const QString& object)
{
    static const QRegularExpression pronoun =
        pattern(QStringLiteral("^(?:你|您|他|她|它|这|那|哪|其|自己|大家|别人|"
                               "(?:it|this|that|these|those|you|your|yours|him|her|them|they|he|she|something|anything|"
                               "everything|nothing|stuff|me|myself|us|when|how|what|why|whatever)\\b)"));
    return object.contains(pronoun);
}

bool isAboutTheConversation(const QString& object)
{
    static const QRegularExpression chat =
        pattern(QStringLiteral("^第.{1,3}[个种条]|上面|刚才|前面的|后面的|上一个|下一个|"
                               "\\b(?:first|second|third|fourth|last|previous|above|latter|former|next)\\b"));
    return object.contains(chat);
}

bool isShortEnough(const QString& object)
{
    constexpr qsizetype kMaxChars = 40;
    constexpr qsizetype kMaxWords = 8;
    if (object.size() > kMaxChars)
        return false;
    return object.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() <= kMaxWords;
}

bool containsHan(const QString& text)
{
    static const QRegularExpression han = pattern(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

bool containsLatin(const QString& text)
{
    static const QRegularExpression latin = pattern(QStringLiteral("[A-Za-z]"));
    return text.contains(latin);
}

} // namespace engram::rules
