#include "Baselines.h"

#include "core/SearchTokenizer.h"
#include "storage/Database.h"
#include "storage/Sql.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace engram::bench {

QStringList KeywordBaseline::keywords(const QString& query)
{
    // The original: re.findall(r"[\u4e00-\u9fa5]|[a-zA-Z0-9]+", text) minus 14 stop characters.
    static const QRegularExpression token(QStringLiteral("[\\x{4e00}-\\x{9fa5}]|[a-zA-Z0-9]+"));
    static const QSet<QString> stop = [] {
        QSet<QString> s;
        for (const QChar c : QStringLiteral("我你您的了吗呢是在和或对就都"))
            s.insert(QString(c));
        return s;
    }();
    QStringList list;
    QSet<QString> seen;
    auto it = token.globalMatch(query.toLower());
    while (it.hasNext()) {
        const QString t = it.next().captured(0);
        if (!stop.contains(t) && !seen.contains(t)) {
            seen.insert(t);
            list.append(t);
        }
    }
    return list;
}

int KeywordBaseline::score(const QStringList& keywords, const QString& lowered)
{
    int s = 0;
    for (const QString& k : keywords) {
        if (lowered.contains(k))
            ++s;
    }
    return s;
}

std::vector<int> KeywordBaseline::rank(const QStringList& keywords, const std::vector<Candidate>& candidates, int k)
{
    struct Scored
    {
        int score;
        qint64 time;
        int index;
    };
    std::vector<Scored> scored;
    for (const Candidate& c : candidates) {
        const int s = score(keywords, c.lowered);
        if (s >= 1)
            scored.push_back({s, c.time, c.index});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        return a.score != b.score ? a.score > b.score : a.time > b.time;
    });
    std::vector<int> out;
    for (std::size_t i = 0; i < scored.size() && static_cast<int>(i) < k; ++i)
        out.push_back(scored[i].index);
    return out;
}

PlainBm25::PlainBm25(Database& db)
    : m_db(db)
{}

QStringList PlainBm25::tokens(const QString& text)
{
    const QList<uint> cps = text.normalized(QString::NormalizationForm_KC).toLower().toUcs4();
    QStringList out;
    QString word;
    QList<char32_t> run;
    const auto flushWord = [&] {
        if (!word.isEmpty())
            out.append(word);
        word.clear();
    };
    const auto flushRun = [&] {
        if (run.size() == 1)
            out.append(QString::fromUcs4(run.constData(), 1));
        for (qsizetype i = 0; i + 1 < run.size(); ++i)
            out.append(QString::fromUcs4(run.constData() + i, 2));
        run.clear();
    };
    for (const uint u : cps) {
        const auto cp = static_cast<char32_t>(u);
        if (SearchTokenizer::isCjk(cp)) {
            flushWord();
            run.append(cp);
        } else if (QChar::isLetterOrNumber(cp)) {
            flushRun();
            word.append(QString::fromUcs4(&cp, 1));
        } else {
            flushWord();
            flushRun();
        }
    }
    flushWord();
    flushRun();
    return out;
}

Status PlainBm25::create()
{
    return sql::execute(m_db.connection(),
                        QStringLiteral("CREATE VIRTUAL TABLE IF NOT EXISTS bench_plain_fts USING fts5(body, "
                                       "tokenize='unicode61 remove_diacritics 0')"));
}

Status PlainBm25::add(qint64 rowid, const QString& text)
{
    return sql::execute(m_db.connection(), QStringLiteral("INSERT INTO bench_plain_fts(rowid, body) VALUES (?, ?)"),
                        {rowid, tokens(text).join(QLatin1Char(' '))});
}

Result<std::vector<qint64>> PlainBm25::search(const QString& query, int k) const
{
    const QString match = SearchTokenizer::matchExpression(tokens(query));
    std::vector<qint64> ids;
    if (match.isEmpty())
        return ids;
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT rowid FROM bench_plain_fts WHERE bench_plain_fts MATCH ? "
                                     "ORDER BY bm25(bench_plain_fts) LIMIT ?"),
                      {match, k});
    if (!q)
        return q.error();
    while (q->next())
        ids.push_back(q->value(0).toLongLong());
    return ids;
}

OriginalDesignStore::OriginalDesignStore(Database& db)
    : m_db(db)
{}

Status OriginalDesignStore::create()
{
    if (auto st = sql::execute(m_db.connection(),
                               QStringLiteral("CREATE TABLE IF NOT EXISTS original_episodes (seq INTEGER PRIMARY KEY, "
                                              "id TEXT, user_id TEXT, content TEXT, keywords TEXT, created_at TEXT, "
                                              "importance REAL, access_count INTEGER, last_access_at TEXT)"));
        !st)
        return st;
    return sql::execute(m_db.connection(),
                        QStringLiteral("CREATE INDEX IF NOT EXISTS original_user ON original_episodes(user_id)"));
}

QStringList OriginalDesignStore::topKeywords(const QString& text, int n)
{
    QHash<QString, int> counts;
    QStringList order;
    for (const QString& k : KeywordBaseline::keywords(text)) {
        if (!counts.contains(k))
            order.append(k);
        counts[k] += static_cast<int>(text.toLower().count(k));
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](const QString& a, const QString& b) { return counts[a] > counts[b]; });
    return order.mid(0, n);
}

Status OriginalDesignStore::insert(const QString& id, const QString& userId, const QString& content,
                                   const QDateTime& time)
{
    if (!m_insert) {
        auto q =
            sql::prepare(m_db.connection(),
                         QStringLiteral("INSERT INTO original_episodes (id, user_id, content, keywords, created_at, "
                                        "importance, access_count, last_access_at) VALUES (?, ?, ?, ?, ?, 0.5, 0, ?)"));
        if (!q)
            return q.error();
        m_insert = std::move(q).value();
    }
    const QString iso = time.toString(Qt::ISODateWithMs);
    const QString keywords = QLatin1Char('[') + topKeywords(content).join(QLatin1Char(',')) + QLatin1Char(']');
    const QVariantList values{id, userId, content, keywords, iso, iso};
    for (int i = 0; i < values.size(); ++i)
        sql::bind(*m_insert, i, values.at(i));
    return sql::exec(*m_insert);
}

Result<std::vector<int>> OriginalDesignStore::search(const QString& userId, const QString& query, int k,
                                                     bool allRows) const
{
    QString statement = QStringLiteral("SELECT seq, content, created_at FROM original_episodes WHERE user_id = ?");
    if (!allRows)
        statement += QStringLiteral(" ORDER BY last_access_at DESC LIMIT %1").arg(KeywordBaseline::kRecentWindow);
    auto q = sql::run(m_db.connection(), statement, {userId});
    if (!q)
        return q.error();
    std::vector<KeywordBaseline::Candidate> candidates;
    while (q->next()) {
        candidates.push_back({q->value(0).toInt(), q->value(1).toString().toLower(),
                              QDateTime::fromString(q->value(2).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch()});
    }
    return KeywordBaseline::rank(KeywordBaseline::keywords(query), candidates, k);
}

} // namespace engram::bench
