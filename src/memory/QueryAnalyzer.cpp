#include "memory/QueryAnalyzer.h"

#include "core/SearchTokenizer.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace engram {
namespace {

// Function words, question words and pronouns of English chat. Matched after stemming, like
// the index, so the list holds both forms ("does" is indexed as "doe").
const char* const kEnglishStopWords =
    "a about above after again against all am an and any are as at be because been before being below between both "
    "but by can could did do does doing done don down during each few for from further had has have having he her "
    "here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now "
    "of off on once only or other our ours ourselves out over own same she should so some such than that the their "
    "theirs them themselves then there these they this those through to too under until up very was we were what "
    "when where which while who whom why will with would you your yours yourself yourselves also ever get got let "
    "lets im ive youre really much many thing things one ones something anything tell told say said know like s t m "
    "re ve ll d ok okay yeah yep yup lol haha hahaha hmm oh wow um uh anyway";
// Chinese function characters: particles, pronouns, question words, measure words.
const char* const kChineseStopCharacters =
    "的了是我你他她它们吗呢吧啊呀哦么嘛着过得地和与在都也就又很把被给这那哪谁什怎啥个嗯哈呵噢诶欸";
// Two-character function words whose characters are not all function characters themselves.
const char* const kChineseStopBigrams =
    "什么 哪里 哪个 哪些 怎么 怎样 多少 那个 这个 那些 这些 我们 你们 他们 她们 来着 一下 "
    "一个 一些 没有 还是 或者 以及 因为 所以 如果 但是 然后 就是 可以 知道 记得 请问 "
    "告诉 以下 一项 哈哈 嗯嗯 呵呵 好的 其实 觉得 感觉";

const QSet<QString>& englishStopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> set;
        for (const QString& w : QString::fromLatin1(kEnglishStopWords).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            set.insert(w);
            set.insert(SearchTokenizer::stem(w));
        }
        return set;
    }();
    return words;
}

const QSet<QChar>& chineseStopCharacters()
{
    static const QSet<QChar> chars = [] {
        QSet<QChar> set;
        for (const QChar c : QString::fromUtf8(kChineseStopCharacters))
            set.insert(c);
        return set;
    }();
    return chars;
}

const QSet<QString>& chineseStopBigrams()
{
    static const QSet<QString> bigrams = [] {
        const QStringList list = QString::fromUtf8(kChineseStopBigrams).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        return QSet<QString>(list.cbegin(), list.cend());
    }();
    return bigrams;
}

struct Sentence
{
    QString text;
    bool question{};
};

// Splits at sentence ends, keeping each end with its sentence. A full stop ends an English
// sentence only before a space, so "v2.3" and "05.01.2024" stay whole.
QList<Sentence> sentences(const QString& text)
{
    static const QString enders = QStringLiteral("。！？!?；;\n");
    QList<Sentence> list;
    QString current;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        current += c;
        const bool fullStop = c == QLatin1Char('.') && (i + 1 == text.size() || text.at(i + 1).isSpace());
        if (enders.contains(c) || fullStop) {
            list.append({current, c == QLatin1Char('?') || c == QChar(0xFF1F)});
            current.clear();
        }
    }
    if (!current.trimmed().isEmpty())
        list.append({current, false});
    return list;
}

int monthNumber(const QString& name)
{
    static const QStringList months{QStringLiteral("jan"), QStringLiteral("feb"), QStringLiteral("mar"),
                                    QStringLiteral("apr"), QStringLiteral("may"), QStringLiteral("jun"),
                                    QStringLiteral("jul"), QStringLiteral("aug"), QStringLiteral("sep"),
                                    QStringLiteral("oct"), QStringLiteral("nov"), QStringLiteral("dec")};
    return static_cast<int>(months.indexOf(name.left(3).toLower())) + 1;
}

// The named day as a one-day window; a date without a year is the latest one not after now.
std::optional<TimeWindow> dayWindow(int year, int month, int day, const QDateTime& now)
{
    const QDate today = now.toUTC().date();
    QDate date(year > 0 ? year : today.year(), month, day);
    if (year <= 0 && date.isValid() && date > today.addDays(1))
        date = date.addYears(-1);
    if (!date.isValid())
        return std::nullopt;
    const QDateTime start(date, QTime(0, 0), Qt::UTC);
    return TimeWindow{start, start.addDays(1)};
}

std::optional<TimeWindow> absoluteDate(const QString& text, const QDateTime& now)
{
    static const QString month = QStringLiteral(
        "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
        "oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)");
    static const QRegularExpression dotted(QStringLiteral("\\b(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})\\b"));
    static const QRegularExpression iso(QStringLiteral("\\b(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})\\b"));
    static const QRegularExpression dayMonth(QStringLiteral("\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?") + month +
                                                 QStringLiteral("\\.?(?:,?\\s+(\\d{4}))?\\b"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression monthDay(
        QStringLiteral("\\b") + month + QStringLiteral("\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression chinese(QStringLiteral("(?:(\\d{4})年)?(\\d{1,2})月(\\d{1,2})[日号]"));
    if (const auto m = dotted.match(text); m.hasMatch())
        return dayWindow(m.captured(3).toInt(), m.captured(2).toInt(), m.captured(1).toInt(), now);
    if (const auto m = iso.match(text); m.hasMatch())
        return dayWindow(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt(), now);
    if (const auto m = dayMonth.match(text); m.hasMatch())
        return dayWindow(m.captured(3).toInt(), monthNumber(m.captured(2)), m.captured(1).toInt(), now);
    if (const auto m = monthDay.match(text); m.hasMatch())
        return dayWindow(m.captured(3).toInt(), monthNumber(m.captured(1)), m.captured(2).toInt(), now);
    if (const auto m = chinese.match(text); m.hasMatch())
        return dayWindow(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt(), now);
    return std::nullopt;
}

std::optional<TimeWindow> relativeDate(const QString& text, const QDateTime& now)
{
    static const QRegularExpression dayBefore(QStringLiteral("前天|\\bthe day before yesterday\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression yesterday(QStringLiteral("昨天|昨晚|\\byesterday\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression today(QStringLiteral("今天|\\btoday\\b|\\bthis morning\\b"),
                                          QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression lastWeek(QStringLiteral("上周|上个星期|上星期|\\blast week\\b"),
                                             QRegularExpression::CaseInsensitiveOption);
    const QDate date = now.toUTC().date();
    const auto days = [&](int from, int count) {
        const QDateTime start(date.addDays(from), QTime(0, 0), Qt::UTC);
        return TimeWindow{start, start.addDays(count)};
    };
    if (dayBefore.match(text).hasMatch())
        return days(-2, 1);
    if (yesterday.match(text).hasMatch())
        return days(-1, 1);
    if (today.match(text).hasMatch())
        return days(0, 1);
    if (lastWeek.match(text).hasMatch())
        return days(-(date.dayOfWeek() - 1) - 7, 7); // Monday to Sunday of the week before
    return std::nullopt;
}

} // namespace

bool TimeWindow::contains(const QDateTime& t, qint64 slackDays) const
{
    return t >= start.addDays(-slackDays) && t < end.addDays(slackDays);
}

QList<SearchTerm> AnalyzedQuery::searchTerms() const
{
    QList<SearchTerm> list;
    list.reserve(terms.size());
    for (const QueryTerm& t : terms)
        list.append(SearchTerm{t.text, t.weight});
    return list;
}

double AnalyzedQuery::wordWeight() const
{
    double total = 0;
    for (const QueryTerm& t : terms) {
        if (t.kind == QueryTerm::Kind::Word)
            total += t.weight;
    }
    return total;
}

QueryTerm::Kind QueryAnalyzer::kindOf(const QString& token)
{
    const QList<uint> cps = token.toUcs4();
    if (cps.isEmpty() || !SearchTokenizer::isCjk(static_cast<char32_t>(cps.first())))
        return QueryTerm::Kind::Word;
    return cps.size() == 1 ? QueryTerm::Kind::CjkUnigram : QueryTerm::Kind::CjkBigram;
}

bool QueryAnalyzer::isStopTerm(const QString& term, QueryTerm::Kind kind)
{
    switch (kind) {
    case QueryTerm::Kind::Word:
        return englishStopWords().contains(term);
    case QueryTerm::Kind::CjkUnigram:
        return chineseStopCharacters().contains(term.at(0));
    case QueryTerm::Kind::CjkBigram:
        return chineseStopBigrams().contains(term) ||
               (chineseStopCharacters().contains(term.at(0)) && chineseStopCharacters().contains(term.back()));
    }
    return false;
}

std::optional<TimeWindow> QueryAnalyzer::timeWindow(const QString& text, const QDateTime& now)
{
    if (auto window = absoluteDate(text, now))
        return window;
    return relativeDate(text, now);
}

namespace {

// At most kMaxQueryChars characters of the query: its start and its end (where the question
// after a pasted text usually is), as two sentences, without a surrogate pair cut in two.
QString boundedQuery(const QString& query)
{
    if (query.size() <= QueryAnalyzer::kMaxQueryChars)
        return query;
    qsizetype head = QueryAnalyzer::kMaxQueryChars - QueryAnalyzer::kQueryTailChars;
    if (query.at(head - 1).isHighSurrogate())
        --head;
    qsizetype tail = QueryAnalyzer::kQueryTailChars;
    if (query.at(query.size() - tail).isLowSurrogate())
        --tail;
    return query.left(head) + QLatin1Char('\n') + query.right(tail);
}

// Keeps the first kMaxTerms terms by weight (a stable order: the question's terms first), each
// in query order.
void boundTerms(QList<QueryTerm>& terms)
{
    if (terms.size() <= QueryAnalyzer::kMaxTerms)
        return;
    QList<qsizetype> order(terms.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&terms](qsizetype a, qsizetype b) { return terms.at(a).weight > terms.at(b).weight; });
    order.resize(QueryAnalyzer::kMaxTerms);
    std::sort(order.begin(), order.end());
    QList<QueryTerm> kept;
    kept.reserve(order.size());
    for (const qsizetype i : std::as_const(order))
        kept.append(terms.at(i));
    terms = kept;
}

// The terms of a query as they are found, each once with its highest weight.
class TermCollector
{
public:
    explicit TermCollector(AnalyzedQuery& result)
        : m_result(result)
    {}

    // Adds the tokens of `text`; returns whether one of them is not a stop term.
    bool add(const QString& text, double weight, quint32 part)
    {
        bool ownTerm = false;
        for (const QString& token : SearchTokenizer::tokenize(text)) {
            const QueryTerm::Kind kind = QueryAnalyzer::kindOf(token);
            if (QueryAnalyzer::isStopTerm(token, kind)) {
                m_stopTerms.append({token, kind, weight, part});
                continue;
            }
            ownTerm = true;
            if (const auto it = m_index.constFind(token); it != m_index.constEnd()) {
                QueryTerm& known = m_result.terms[*it];
                known.weight = std::max(known.weight, weight);
                known.parts |= part;
                continue;
            }
            m_index.insert(token, m_result.terms.size());
            m_result.terms.append({token, kind, weight, part});
        }
        return ownTerm;
    }

    // Only stop words were found: search with them rather than not at all.
    void keepStopTermsIfNothingElse()
    {
        if (!m_result.terms.isEmpty())
            return;
        for (const QueryTerm& t : std::as_const(m_stopTerms)) {
            if (!m_index.contains(t.text)) {
                m_index.insert(t.text, m_result.terms.size());
                m_result.terms.append(t);
            }
        }
    }

private:
    AnalyzedQuery& m_result;
    QList<QueryTerm> m_stopTerms;
    QHash<QString, qsizetype> m_index; // term -> position in m_result.terms
};

// What a message says, without the speaker tags of a pasted transcript ("Anna: …" on two or more
// lines) and without quoted lines ("> …"), unless nothing else is left.
QString spokenText(const QString& message)
{
    static const QRegularExpression tag(QStringLiteral("^\\s*[\\p{L}][\\p{L}\\p{N} ._'-]{0,23}[:：]\\s*"));
    QStringList lines = message.split(QLatin1Char('\n'));
    const auto tagged =
        std::count_if(lines.cbegin(), lines.cend(), [](const QString& line) { return tag.match(line).hasMatch(); });
    QStringList kept;
    for (QString& line : lines) {
        if (line.trimmed().startsWith(QLatin1Char('>')))
            continue;
        if (tagged >= 2)
            line.remove(tag);
        kept.append(line);
    }
    const QString spoken = kept.join(QLatin1Char('\n'));
    return spoken.trimmed().isEmpty() ? message : spoken;
}

} // namespace

AnalyzedQuery QueryAnalyzer::analyze(const QueryText& text, const QDateTime& now)
{
    const QString query = boundedQuery(text.latest);
    const QList<Sentence> parts = sentences(query);
    const bool hasQuestion = std::any_of(parts.cbegin(), parts.cend(), [](const Sentence& s) { return s.question; });
    AnalyzedQuery result;
    TermCollector collector(result);
    QString asked; // the question sentences, or all that was said: where a date means "when"
    if (hasQuestion) {
        int question = 0;
        for (const Sentence& s : parts) {
            if (s.question)
                asked += s.text;
            const quint32 part = s.question ? 1u << std::min(question, 31) : 0u;
            const bool ownTerm = collector.add(s.text, s.question ? 1.0 : kChatterWeight, part);
            if (s.question && ownTerm)
                ++question;
        }
        result.parts = std::min(question, 32);
    } else {
        result.conversational = true;
        asked = spokenText(query);
        collector.add(asked, 1.0, 0);
        const qsizetype oldest = std::max<qsizetype>(0, text.earlier.size() - kEarlierMessages);
        for (qsizetype i = text.earlier.size() - 1; i >= oldest; --i)
            collector.add(spokenText(boundedQuery(text.earlier.at(i))), kEarlierWeight, 0);
    }
    collector.keepStopTermsIfNothingElse();
    boundTerms(result.terms);
    result.time = timeWindow(asked, now);
    return result;
}

} // namespace engram
