#include "storage/PostingCache.h"

#include "storage/Bm25.h"
#include "storage/Database.h"
#include "storage/EpisodeIndex.h"
#include "storage/Sql.h"

#include "core/MemoryTypes.h"

#include <QStringTokenizer>

#include <algorithm>
#include <cstdlib>

namespace engram {
namespace {

// FTS5 keeps each row's token count per column in `<table>_docsize.sz` as SQLite varints.
quint32 totalTokens(const QByteArray& sizes)
{
    quint32 total = 0;
    quint64 value = 0;
    int bytes = 0;
    for (const char c : sizes) {
        const auto byte = static_cast<quint8>(c);
        if (bytes == 8) { // the ninth byte of a varint carries 8 bits
            value = (value << 8) | byte;
        } else {
            value = (value << 7) | (byte & 0x7f);
            if (byte & 0x80) {
                ++bytes;
                continue;
            }
        }
        total += static_cast<quint32>(value);
        value = 0;
        bytes = 0;
    }
    return total;
}

} // namespace

QString PostingCache::bm25Weights()
{
    return QStringLiteral("%1, %2, %3").arg(kBodyWeight).arg(kExtraWeight).arg(kContextWeight);
}

PostingCache::PostingCache(Database& db)
    : m_db(db)
{}

Status PostingCache::start()
{
    // Per connection, nothing in the file: an fts5vocab table that lists where a term occurs,
    // and the episodes rewritten or deleted since, with their old text, that triggers record.
    const QStringList statements{
        QStringLiteral("CREATE VIRTUAL TABLE IF NOT EXISTS temp.episode_instances USING "
                       "fts5vocab(main, episodes_fts, instance)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS temp.episode_changes(seq INTEGER NOT NULL, "
                       "old_body TEXT, old_extra TEXT, old_context TEXT)"),
        QStringLiteral("CREATE TEMP TRIGGER IF NOT EXISTS episode_rewritten AFTER UPDATE OF search_body, "
                       "search_extra, search_context, user_id, kind, status ON main.episodes WHEN "
                       "old.search_body IS NOT new.search_body OR old.search_extra IS NOT new.search_extra OR "
                       "old.search_context IS NOT new.search_context OR "
                       "old.user_id IS NOT new.user_id OR old.kind IS NOT new.kind OR old.status IS NOT new.status "
                       "BEGIN INSERT INTO episode_changes VALUES (old.seq, old.search_body, old.search_extra, "
                       "old.search_context); END"),
        QStringLiteral("CREATE TEMP TRIGGER IF NOT EXISTS episode_deleted AFTER DELETE ON main.episodes BEGIN "
                       "INSERT INTO episode_changes VALUES (old.seq, old.search_body, old.search_extra, "
                       "old.search_context); END"),
    };
    for (const QString& statement : statements) {
        if (auto st = sql::execute(m_db.connection(), statement); !st)
            return st;
    }
    m_started = true;
    return {};
}

void PostingCache::clear()
{
    m_postings.clear();
    m_lengths.clear();
    m_rows.clear();
    m_owners.clear();
    m_postingCount = 0;
}

Status PostingCache::sync()
{
    if (!m_started) {
        if (auto st = start(); !st)
            return st;
    }
    const QString state = QStringLiteral("SELECT (SELECT ifnull(max(rowid), 0) FROM temp.episode_changes), "
                                         "(SELECT ifnull(max(seq), 0) FROM main.episodes), "
                                         "(SELECT data_version FROM pragma_data_version)");
    if (!sql::tryRunCached(m_state, m_db.connection(), state)) {
        // The temporary tables went with a rolled-back transaction (expected): make them again.
        m_state.reset();
        m_started = false;
        clear();
        if (auto again = start(); !again)
            return again;
        if (auto retry = sql::runCached(m_state, m_db.connection(), state, {}); !retry)
            return retry;
    }
    if (!m_state->next())
        return Error{Error::Code::Database, QStringLiteral("cannot read the state of the episode index")};
    const qint64 changes = m_state->value(0).toLongLong();
    const qint64 seq = m_state->value(1).toLongLong();
    const qint64 dataVersion = m_state->value(2).toLongLong();
    m_state->finish();
    const bool followable = dataVersion == m_dataVersion && seq >= m_syncedSeq && changes >= m_changesRead &&
                            changes - m_changesRead <= kMaxFollowed && seq - m_syncedSeq <= kMaxFollowed;
    if (!followable || m_postingCount > kMaxPostings || m_rows.size() > kMaxRows) {
        clear();
    } else {
        if (changes > m_changesRead) {
            if (auto st = applyChanges(); !st)
                return st;
        }
        if (seq > m_syncedSeq) {
            if (auto st = readRows(m_appended, QStringLiteral("seq > ? ORDER BY seq"), {m_syncedSeq}); !st)
                return st;
        }
    }
    m_changesRead = changes;
    m_dataVersion = dataVersion;
    m_syncedSeq = seq;
    return {};
}

Status PostingCache::applyChanges()
{
    auto q = sql::run(
        m_db.connection(),
        QStringLiteral("SELECT seq, old_body, old_extra, old_context FROM temp.episode_changes WHERE rowid > ? "
                       "ORDER BY rowid"),
        {m_changesRead});
    if (!q)
        return q.error();
    Json rewritten = Json::array();
    while (q->next()) {
        const qint64 rowid = q->value(0).toLongLong();
        if (rowid > m_syncedSeq)
            continue; // added since the last search: read whole below
        for (const int column : {1, 2, 3}) {
            for (const QStringView token : qTokenize(q->value(column).toString(), u' ', Qt::SkipEmptyParts))
                removePosting(token.toString(), rowid);
        }
        m_lengths.remove(rowid);
        m_rows.remove(rowid);
        rewritten.push_back(rowid);
    }
    // What the rewritten rows hold now (deleted ones are gone).
    return rewritten.empty() ? Status{}
                             : readRows(m_rewritten, QStringLiteral("seq IN (SELECT value FROM json_each(?))"),
                                        {QString::fromStdString(rewritten.dump())});
}

void PostingCache::removePosting(const QString& term, qint64 rowid)
{
    const auto it = m_postings.find(term);
    if (it == m_postings.end())
        return;
    const auto at =
        std::lower_bound(it->begin(), it->end(), rowid, [](const Posting& p, qint64 r) { return p.rowid < r; });
    if (at != it->end() && at->rowid == rowid) {
        it->erase(at);
        --m_postingCount;
    }
}

Status PostingCache::readRows(std::optional<QSqlQuery>& statement, const QString& where, const QVariantList& values)
{
    if (auto st = sql::runCached(
            statement, m_db.connection(),
            QStringLiteral("SELECT seq, search_body, search_extra, search_context, user_id, kind, status "
                           "FROM episodes WHERE ") +
                where,
            values);
        !st)
        return st;
    QSqlQuery* q = &*statement;
    while (q->next()) {
        const qint64 rowid = q->value(0).toLongLong();
        QHash<QString, float> found; // the cached terms of this row
        quint32 length = 0;
        for (const auto& [column, weight] :
             {std::pair{1, kBodyWeight}, std::pair{2, kExtraWeight}, std::pair{3, kContextWeight}}) {
            for (const QStringView token : qTokenize(q->value(column).toString(), u' ', Qt::SkipEmptyParts)) {
                ++length;
                if (const auto it = m_postings.constFind(token.toString()); it != m_postings.constEnd())
                    found[it.key()] += static_cast<float>(weight);
            }
        }
        for (auto it = found.cbegin(); it != found.cend(); ++it) {
            QList<Posting>& list = m_postings[it.key()];
            const auto at = std::lower_bound(list.begin(), list.end(), rowid,
                                             [](const Posting& p, qint64 r) { return p.rowid < r; });
            if (at != list.end() && at->rowid == rowid) { // read again after a failed sync
                at->frequency = it.value();
            } else {
                list.insert(at, Posting{rowid, it.value()});
                ++m_postingCount;
            }
        }
        m_lengths.insert(rowid, length);
        remember(rowid, q->value(4).toString(), q->value(5).toString(), q->value(6).toString());
    }
    q->finish();
    return {};
}

void PostingCache::remember(qint64 rowid, const QString& userId, const QString& kind, const QString& status)
{
    qsizetype owner = m_owners.indexOf(userId);
    if (owner < 0) {
        owner = m_owners.size();
        m_owners.append(userId);
    }
    m_rows.insert(rowid, Row{owner, episodeKindFromString(kind).value_or(EpisodeKind::Exchange),
                             status == enumName(ItemStatus::Active)});
}

Result<QSet<qint64>> PostingCache::rowsOf(const QString& userId, EpisodeKind kind, const QList<qint64>& rowids)
{
    if (auto st = sync(); !st)
        return st.error();
    Json missing = Json::array();
    for (const qint64 rowid : rowids) {
        if (!m_rows.contains(rowid))
            missing.push_back(rowid);
    }
    if (!missing.empty()) {
        if (auto st = sql::runCached(m_rowQuery, m_db.connection(),
                                     QStringLiteral("SELECT e.seq, e.user_id, e.kind, e.status FROM json_each(?) j "
                                                    "CROSS JOIN episodes e ON e.seq = j.value"),
                                     {QString::fromStdString(missing.dump())});
            !st)
            return st.error();
        while (m_rowQuery->next()) {
            remember(m_rowQuery->value(0).toLongLong(), m_rowQuery->value(1).toString(),
                     m_rowQuery->value(2).toString(), m_rowQuery->value(3).toString());
        }
        m_rowQuery->finish();
    }
    const qsizetype owner = m_owners.indexOf(userId);
    QSet<qint64> kept;
    for (const qint64 rowid : rowids) {
        const auto it = m_rows.constFind(rowid);
        if (it != m_rows.constEnd() && it->owner == owner && it->kind == kind && it->active)
            kept.insert(rowid);
    }
    return kept;
}

Result<const QList<PostingCache::Posting>*> PostingCache::postings(const QString& term)
{
    if (const auto it = m_postings.constFind(term); it != m_postings.constEnd())
        return &*it;
    // Every occurrence, in row order, as one string: "12,12,-40,c41" is twice in row 12's body,
    // once in row 40's reply and once in row 41's context. A row per occurrence would cost several
    // times more to read.
    if (auto st = sql::runCached(m_instances, m_db.connection(),
                                 QStringLiteral("SELECT group_concat(CASE col WHEN 'search_body' THEN doc "
                                                "WHEN 'search_extra' THEN -doc ELSE 'c' || doc END) "
                                                "FROM temp.episode_instances WHERE term = ?"),
                                 {term});
        !st)
        return st.error();
    const QString occurrences = m_instances->next() ? m_instances->value(0).toString() : QString();
    m_instances->finish();
    QList<Posting> each;
    for (const QStringView item : qTokenize(occurrences, u',', Qt::SkipEmptyParts)) {
        if (item.startsWith(u'c')) {
            each.append(Posting{item.mid(1).toLongLong(), static_cast<float>(kContextWeight)});
            continue;
        }
        const qint64 signedRowid = item.toLongLong();
        each.append(Posting{std::abs(signedRowid), static_cast<float>(signedRowid > 0 ? kBodyWeight : kExtraWeight)});
    }
    const auto byRow = [](const Posting& a, const Posting& b) { return a.rowid < b.rowid; };
    if (!std::is_sorted(each.cbegin(), each.cend(), byRow)) // FTS5 lists them in row order
        std::stable_sort(each.begin(), each.end(), byRow);
    QList<Posting> list;
    for (const Posting& p : std::as_const(each)) {
        if (list.isEmpty() || list.constLast().rowid != p.rowid)
            list.append(p);
        else
            list.last().frequency += p.frequency;
    }
    m_postingCount += list.size();
    return &*m_postings.insert(term, list);
}

Status PostingCache::readLengths(const QHash<qint64, double>& rowids)
{
    Json missing = Json::array();
    for (auto it = rowids.cbegin(); it != rowids.cend(); ++it) {
        if (!m_lengths.contains(it.key()))
            missing.push_back(it.key());
    }
    if (missing.empty())
        return {};
    if (auto st =
            sql::runCached(m_sizes, m_db.connection(),
                           QStringLiteral("SELECT d.id, d.sz FROM json_each(?) j CROSS JOIN episodes_fts_docsize d "
                                          "ON d.id = j.value"),
                           {QString::fromStdString(missing.dump())});
        !st)
        return st;
    while (m_sizes->next())
        m_lengths.insert(m_sizes->value(0).toLongLong(), totalTokens(m_sizes->value(1).toByteArray()));
    m_sizes->finish();
    return {};
}

Result<QHash<qint64, double>> PostingCache::score(const QList<SearchTerm>& terms, qint64 rows, double averageLength)
{
    if (auto st = sync(); !st)
        return st.error();
    // Every term's postings first: reading one may move the others in the hash.
    for (const SearchTerm& t : terms) {
        if (auto p = postings(t.text); !p)
            return p.error();
    }
    QHash<qint64, double> scores;
    for (const SearchTerm& t : terms) {
        for (const Posting& p : std::as_const(m_postings[t.text]))
            scores.insert(p.rowid, 0.0);
    }
    if (auto st = readLengths(scores); !st)
        return st.error();
    for (const SearchTerm& t : terms) {
        const QList<Posting>& list = m_postings[t.text];
        const double weight = t.weight * bm25::idf(rows, list.size());
        for (const Posting& p : list) {
            const double length = m_lengths.value(p.rowid, static_cast<quint32>(averageLength));
            scores[p.rowid] += weight * bm25::termFrequency(p.frequency, length, averageLength);
        }
    }
    return scores;
}

} // namespace engram
