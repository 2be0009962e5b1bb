#include "llm/FeedbackDetector.h"

#include "llm/RuleText.h"

#include <QList>
#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace engram {
namespace {

// A phrase that can open a reply. A strong phrase is about truth itself ("不对", "that's right");
// a weak one ("是的", "yes", "no") only says yes or no — to what, the reply does not say — so it
// counts only as the lead-in of a strong phrase. Fillers ("嗯", "oh") have no polarity.
struct Phrase
{
    QString text;
    Feedback kind{Feedback::None};
    bool strong{};
};

QList<Phrase> makePhrases()
{
    const auto add = [](QList<Phrase>& out, Feedback kind, bool strong, const QString& alternatives) {
        for (const QString& p : alternatives.split(QLatin1Char('|')))
            out.append({p, kind, strong});
    };
    QList<Phrase> phrases;
    add(phrases, Feedback::Correction, true,
        QStringLiteral("不对|不是的|不是这样|不是这样的|不是这个|错了|你错了|搞错了|弄错了|记错了|你记错了|说错了|"
                       "你说错了|不正确|你说的不对|你说得不对|"
                       "that's wrong|that's not right|that's not true|that's not correct|that's incorrect|"
                       "that's not it|that isn't right|that isn't true|that isn't correct|not true|wrong|"
                       "incorrect|you're wrong|you got it wrong|you've got it wrong|you're mistaken"));
    add(phrases, Feedback::Correction, false, QStringLiteral("不|不是|no|nope|nah"));
    add(phrases, Feedback::Confirmation, true,
        QStringLiteral("对|对的|对啊|对呀|是对的|没错|一点没错|正确|完全正确|是这样|是这样的|就是这样|就是这个|"
                       "说得对|你说得对|你说的对|没毛病|确实|"
                       "that's right|that's correct|that's true|correct|exactly|exactly right|precisely|"
                       "you're right|you got it|spot on|absolutely right"));
    add(phrases, Feedback::Confirmation, false, QStringLiteral("是|是的|是啊|yes|yeah|yep|yup"));
    add(phrases, Feedback::None, false, QStringLiteral("嗯|嗯嗯|哦|噢|啊|呃|oh|well|hmm|um|uh|ah|ok|okay"));
    // Longest first, so "不对" is tried before "不" and "对的" before "对".
    std::stable_sort(phrases.begin(), phrases.end(),
                     [](const Phrase& a, const Phrase& b) { return a.text.size() > b.text.size(); });
    return phrases;
}

const QList<Phrase>& phrases()
{
    static const QList<Phrase> list = makePhrases();
    return list;
}

struct Match
{
    qsizetype end{};
    Feedback kind{Feedback::None};
    bool strong{};
};

bool compatible(Feedback a, Feedback b)
{
    return a == Feedback::None || b == Feedback::None || a == b;
}

std::optional<Match> matchAt(const QString& text, qsizetype pos);

// A phrase ends where the reply's punctuation or end comes, or where another phrase of the same
// polarity starts ("对对对", "no that's wrong"). Any other word after it makes it part of a longer
// sentence: "对不起", "对了", "wrong answer", "correct me if…".
bool endsPhrase(const QString& text, qsizetype end, Feedback kind)
{
    qsizetype next = end;
    while (next < text.size() && text.at(next).isSpace())
        ++next;
    if (next == text.size())
        return true;
    const QChar c = text.at(next);
    if (!c.isLetterOrNumber() && c != QLatin1Char('\''))
        return true;
    const auto following = matchAt(text, next);
    return following && compatible(kind, following->kind);
}

std::optional<Match> matchAt(const QString& text, qsizetype pos)
{
    const QStringView rest = QStringView(text).mid(pos);
    for (const Phrase& p : phrases()) {
        if (rest.startsWith(p.text) && endsPhrase(text, pos + p.text.size(), p.kind))
            return Match{pos + p.text.size(), p.kind, p.strong};
    }
    return std::nullopt;
}

// Lower-cased, width-folded, with the English contractions spelled one way.
QString normalized(const QString& message)
{
    static const QRegularExpression thatIs = rules::pattern(QStringLiteral("\\bthat is\\b|\\bthats\\b"));
    static const QRegularExpression youAre = rules::pattern(QStringLiteral("\\byou are\\b|\\byoure\\b"));
    static const QRegularExpression youHave = rules::pattern(QStringLiteral("\\byou have\\b|\\byouve\\b"));
    QString text = message.normalized(QString::NormalizationForm_KC).toLower();
    text.replace(QChar(0x2019), QLatin1Char('\''));
    text.replace(thatIs, QStringLiteral("that's"));
    text.replace(youAre, QStringLiteral("you're"));
    text.replace(youHave, QStringLiteral("you've"));
    return text.trimmed();
}

// What follows the feedback takes it back or narrows it: "对，但是…", "不对，其实差不多", "yes, but…".
bool isHedged(const QString& continuation)
{
    static const QRegularExpression hedge = rules::pattern(
        QStringLiteral("^(?:但|不过|可是|只是|然而|其实|差不多|基本|大概|可能|也许|或许|有点|不完全|不全|部分|"
                       "如果|假如|要是|"
                       "(?:but|however|though|although|partly|partially|mostly|sort of|kind of|not exactly|"
                       "not quite|maybe|perhaps|probably|almost|if|unless)\\b)"));
    return continuation.contains(hedge);
}

} // namespace

Feedback FeedbackDetector::classify(const QString& userMessage)
{
    const QString text = normalized(userMessage);
    // "对吗", "对不对", "是这样吗" never match a phrase (what follows is not punctuation), so the
    // question test looks at the question mark and at what follows the feedback ("不对不对" is
    // not the question "对不对").
    if (text.isEmpty() || text.contains(QLatin1Char('?')) || rules::hasJokeMarker(text))
        return Feedback::None;
    Feedback kind{Feedback::None};
    bool strong{};
    qsizetype pos{};
    // Only the opening counts: a quotation or anything else before the phrase is not feedback.
    while (auto m = matchAt(text, pos)) {
        if (!compatible(kind, m->kind))
            return Feedback::None; // "对，不对" says both
        if (m->kind != Feedback::None)
            kind = m->kind;
        strong = strong || m->strong;
        pos = m->end;
        while (pos < text.size() && !text.at(pos).isLetterOrNumber() && text.at(pos) != QLatin1Char('\''))
            ++pos;
    }
    const QString continuation = text.mid(pos);
    if (!strong || isHedged(continuation) || rules::isQuestion(continuation))
        return Feedback::None;
    return kind;
}

} // namespace engram
