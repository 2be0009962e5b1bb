#include "storage/EpisodeStore.h"

#include "storage/Migrations.h"

#include "core/SearchTokenizer.h"
#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/EpisodeRow.h"
#include "storage/JsonText.h"
#include "storage/Migrations.h"
#include "storage/Sql.h"

#include <QSet>

namespace engram {
namespace {

// The row format is shared with EpisodeIndex, which reads the rows its ranking found.
const QString& kEpisodeColumns = episoderow::columns();

Episode episodeFromRow(const QSqlQuery& q)
{
    return episoderow::read(q);
}

// The second indexed column: an exchange's reply gist, a summary's topic words ("deploy_rate").
QString extraIndexText(const Episode& e)
{
    QString topic = e.topicKey;
    topic.replace(QLatin1Char('_'), QLatin1Char(' ')).replace(QLatin1Char('-'), QLatin1Char(' '));
    return SearchTokenizer::indexText(topic.isEmpty() ? e.response : e.response + QLatin1Char(' ') + topic);
}

// The 19 values of an episode's row, in the order of insertStatement's columns.
QVariantList valuesOf(const Episode& e)
{
    return {e.id,
            e.userId,
            enumName(e.kind),
            e.content,
            e.response,
            e.topicKey,
            e.conversationId,
            enumName(e.status),
            e.pinned ? 1 : 0,
            e.importance,
            e.accessCount,
            toMsecs(e.lastAccessAt.isValid() ? e.lastAccessAt : e.createdAt),
            toMsecs(e.createdAt),
            toMsecs(e.updatedAt.isValid() ? e.updatedAt : e.createdAt),
            toMsecs(e.archivedAt),
            jsontext::dump(e.metadata),
            SearchTokenizer::indexText(e.content),
            extraIndexText(e),
            enumName(e.origin)};
}

// `ids` as JSON arrays of at most `size`, each bound as the list of one statement.
QStringList jsonBatches(const QStringList& ids, qsizetype size)
{
    QStringList batches;
    for (qsizetype from = 0; from < ids.size(); from += size) {
        Json batch = Json::array();
        for (const QString& id : ids.mid(from, size))
            batch.push_back(jsontext::utf8(id));
        batches.append(jsontext::dump(batch));
    }
    return batches;
}

// Those of `ids` that are in `done`, in the order of `ids`.
QStringList inOrderOf(const QStringList& ids, const QSet<QString>& done)
{
    QStringList kept;
    for (const QString& id : ids) {
        if (done.contains(id))
            kept.append(id);
    }
    return kept;
}

// JSON string syntax for a text value, appended to `out`.
void appendJsonString(std::string& out, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    out += '"';
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            static const char* const hex = "0123456789abcdef";
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 0xF];
        } else {
            out += c;
        }
    }
    out += '"';
}

// The same values as a JSON array appended to `out`, for insertAll. Written by hand: building
// a json object per row cost more than the insert.
void appendJsonRow(std::string& out, const Episode& e)
{
    const QVariantList values = valuesOf(e);
    out += '[';
    for (int i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        const QVariant& v = values.at(i);
        if (v.typeId() == QMetaType::QString)
            appendJsonString(out, v.toString());
        else
            out += v.toString().toStdString();
    }
    out += ']';
}

QString insertStatement(int rows)
{
    QStringList tuples;
    for (int i = 0; i < rows; ++i)
        tuples.append(QStringLiteral("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    return QStringLiteral("INSERT INTO episodes (id, user_id, kind, content, response, topic_key, conversation_id, "
                          "status, pinned, importance, access_count, last_access_at, created_at, updated_at, "
                          "archived_at, metadata, search_body, search_extra, origin) VALUES ") +
           tuples.join(QStringLiteral(", "));
}

struct Where
{
    QString clause;
    QVariantList values;
};

Where whereFor(const EpisodeTextIndex& index, const QString& userId, const EpisodeFilter& f)
{
    Where w{QStringLiteral("e.user_id = ?"), {userId}};
    if (f.status) {
        w.clause += QStringLiteral(" AND e.status = ?");
        w.values.append(enumName(*f.status));
    }
    if (f.kind) {
        w.clause += QStringLiteral(" AND e.kind = ?");
        w.values.append(enumName(*f.kind));
    }
    if (f.pinnedOnly)
        w.clause += QStringLiteral(" AND e.pinned = 1");
    if (f.none)
        w.clause += QStringLiteral(" AND 1 = 0");
    if (!f.conversationId.isEmpty()) {
        w.clause += QStringLiteral(" AND e.conversation_id = ?");
        w.values.append(f.conversationId);
    }
    if (f.createdFrom.isValid()) {
        w.clause += QStringLiteral(" AND e.created_at >= ?");
        w.values.append(toMsecs(f.createdFrom));
    }
    if (f.createdBefore.isValid()) {
        w.clause += QStringLiteral(" AND e.created_at < ?");
        w.values.append(toMsecs(f.createdBefore));
    }
    if (f.origin) {
        w.clause += QStringLiteral(" AND e.origin = ?");
        w.values.append(enumName(*f.origin));
    }
    if (!f.contains.isEmpty()) {
        // Every word must be in the content, the reply or the topic (not in the neighbours'
        // words of search_context): the full-text index answers, so a keystroke over 100,000
        // episodes stays fast. The last Latin word is a prefix, since the user may still be
        // typing it ("deplo" finds "deploying"). A filter without a word matches nothing.
        QStringList tokens;
        for (const QString& t : SearchTokenizer::tokenize(f.contains)) {
            if (!tokens.contains(t))
                tokens.append(t);
        }
        if (tokens.isEmpty()) {
            w.clause += QStringLiteral(" AND 1 = 0");
        } else {
            const QString last = SearchTokenizer::tokenize(f.contains).constLast();
            const bool typingLatinWord =
                !f.contains.back().isSpace() && !SearchTokenizer::isCjk(last.toUcs4().constFirst());
            w.clause += QStringLiteral(" AND ") +
                        index.containsAll(tokens, typingLatinWord && tokens.constLast() == last, w.values);
        }
    }
    return w;
}

// A fixed SQL expression per order, never text from outside.
QString orderExpression(EpisodeOrder order)
{
    switch (order) {
    case EpisodeOrder::Created:
        break;
    case EpisodeOrder::LastAccess:
        return QStringLiteral("e.last_access_at");
    case EpisodeOrder::Importance:
        return QStringLiteral("e.importance");
    case EpisodeOrder::AccessCount:
        return QStringLiteral("e.access_count");
    case EpisodeOrder::Kind:
        return QStringLiteral("e.kind");
    case EpisodeOrder::Content:
        return QStringLiteral("e.content");
    case EpisodeOrder::Detail:
        return QStringLiteral("CASE e.kind WHEN 'summary' THEN e.topic_key ELSE e.response END");
    case EpisodeOrder::Pinned:
        return QStringLiteral("e.pinned");
    case EpisodeOrder::Archived:
        return QStringLiteral("e.archived_at");
    }
    return QStringLiteral("e.created_at");
}

} // namespace

EpisodeStore::EpisodeStore(Database& db)
    : m_db(db)
    , m_index(db.backend().episodeIndex(db))
{}

EpisodeStore::~EpisodeStore() = default;

Status EpisodeStore::insert(const Episode& e)
{
    return sql::runCached(m_insert, m_db.connection(), insertStatement(1), valuesOf(e));
}

Status EpisodeStore::insertAll(const QList<Episode>& episodes)
{
    // FTS5 writes out its pending index at the end of every statement that changes it, so one
    // row per statement costs a tiny index segment per episode; and binding thousands of values
    // one by one costs more in Qt than the insert. So each batch is one JSON array, one value.
    const bool withContext = m_index->contextOnInsert();
    std::optional<QSqlQuery>& statement = withContext ? m_insertBatchWithContext : m_insertBatch;
    if (!statement) {
        auto q = sql::prepare(m_db.connection(), insertAllStatement(withContext));
        if (!q)
            return q.error();
        statement = std::move(q).value();
    }
    std::string rows;
    for (qsizetype from = 0; from < episodes.size(); from += kRowsPerStatement) {
        rows.clear();
        rows += '[';
        for (qsizetype i = from; i < std::min<qsizetype>(episodes.size(), from + kRowsPerStatement); ++i) {
            if (i > from)
                rows += ',';
            appendJsonRow(rows, episodes.at(i));
        }
        rows += ']';
        sql::bind(*statement, 0, QString::fromStdString(rows));
        if (auto st = sql::exec(*statement); !st)
            return st;
    }
    return {};
}

QString EpisodeStore::insertAllStatement(bool withContext) const
{
    QStringList columns;
    for (int i = 0; i < 19; ++i) {
        QString type = QStringLiteral("TEXT");
        if (i == 8 || i == 10)
            type = QStringLiteral("INTEGER");
        else if (i == 9)
            type = QStringLiteral("DOUBLE PRECISION");
        else if (i >= 11 && i <= 14)
            type = QStringLiteral("BIGINT");
        else if (i == 15)
            type = m_db.backend().jsonType();
        columns.append(QStringLiteral("CAST(value->>%1 AS %2)").arg(i).arg(type));
    }
    const QString names = QStringLiteral("id, user_id, kind, content, response, topic_key, conversation_id, status, "
                                         "pinned, importance, access_count, last_access_at, created_at, updated_at, "
                                         "archived_at, metadata, search_body, search_extra, origin");
    if (!withContext) {
        return QStringLiteral("INSERT INTO episodes (%1) SELECT %2 FROM %3")
            .arg(names, columns.join(QStringLiteral(", ")), m_db.backend().jsonRows());
    }
    // Each active exchange's neighbours among the rows of the statement, in the order the
    // context triggers take them (time, then the order of insertion): the same expression as
    // theirs, so that the finish of the bulk load rewrites only the rows whose neighbours were
    // not in the statement.
    QStringList named;
    for (qsizetype i = 0; i < columns.size(); ++i)
        named.append(columns.at(i) + QStringLiteral(" AS ") + names.split(QStringLiteral(", ")).at(i));
    const QString active = QStringLiteral("kind = 'exchange' AND status = 'active' AND conversation_id <> ''");
    return QStringLiteral(
               "WITH r AS MATERIALIZED (SELECT %1, ord FROM %2), "
               "n AS (SELECT ord, lag(%3) OVER w AS before, lead(%3) OVER w AS after FROM r WHERE %4 "
               "WINDOW w AS (PARTITION BY user_id, conversation_id ORDER BY created_at, ord)) "
               "INSERT INTO episodes (%5, search_context) SELECT %6, "
               "CASE WHEN n.ord IS NULL THEN '' ELSE trim(coalesce(n.before, '') || ' ' || coalesce(n.after, '')) END "
               "FROM r LEFT JOIN n ON n.ord = r.ord ORDER BY r.ord")
        .arg(named.join(QStringLiteral(", ")), m_db.backend().jsonRows(), neighbourText(QStringLiteral("search_body")),
             active, names, QStringLiteral("r.") + names.split(QStringLiteral(", ")).join(QStringLiteral(", r.")));
}

Status EpisodeStore::update(const Episode& e)
{
    // Its own context in the same statement: the triggers refresh its neighbours' and leave its
    // own alone, and its status may change here (an archived exchange holds none).
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("UPDATE episodes SET content = ?, response = ?, topic_key = ?, status = ?, pinned = ?, "
                                "importance = ?, access_count = ?, last_access_at = ?, updated_at = ?, "
                                "archived_at = ?, metadata = ?, search_body = ?, search_extra = ?, "
                                "search_context = CASE WHEN ? = 'active' THEN %1 ELSE '' END "
                                "WHERE user_id = ? AND id = ?")
                     .arg(episodeContextExpression(QStringLiteral("episodes"), ContextHolders::AnyExchange)),
                 {e.content, e.response, e.topicKey, enumName(e.status), e.pinned ? 1 : 0, e.importance, e.accessCount,
                  toMsecs(e.lastAccessAt), toMsecs(e.updatedAt), toMsecs(e.archivedAt), jsontext::dump(e.metadata),
                  SearchTokenizer::indexText(e.content), extraIndexText(e), enumName(e.status), e.userId, e.id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no episode %1").arg(e.id));
    return {};
}

Status EpisodeStore::refreshContexts(const QString& userId, const QStringList& conversationIds)
{
    // No condition on the status: an exchange that is not active gets an empty context from the
    // expression itself, and has one. With `status = 'active'` here SQLite, which keeps no
    // statistics, found the rows through episodes_user (user, status, time) and read every active
    // episode of the user to sweep one conversation (154 ms at 100,000; with it gone, under 1 ms).
    const QString context = episodeContextExpression(QStringLiteral("episodes"));
    for (const QString& batch : jsonBatches(conversationIds, kRowsPerStatement)) {
        if (auto st = sql::execute(m_db.connection(),
                                   QStringLiteral("UPDATE episodes SET search_context = %1 WHERE user_id = ? "
                                                  "AND kind = 'exchange' "
                                                  "AND conversation_id IN (SELECT value FROM %2) "
                                                  "AND search_context <> %1")
                                       .arg(context, m_db.backend().jsonValues()),
                                   {userId, batch});
            !st)
            return st;
    }
    return {};
}

Result<QStringList> EpisodeStore::archiveAll(const QString& userId, const QStringList& ids, const QDateTime& at)
{
    return moveAll(userId, ids, ItemStatus::Active,
                   QStringLiteral("status = 'archived', archived_at = %1, search_context = ''").arg(toMsecs(at)));
}

Result<QStringList> EpisodeStore::restoreAll(const QString& userId, const QStringList& ids, const QDateTime& at)
{
    // The restored exchanges' own contexts come with their conversations' sweep.
    return moveAll(
        userId, ids, ItemStatus::Archived,
        QStringLiteral("status = 'active', archived_at = 0, last_access_at = %1, updated_at = %1").arg(toMsecs(at)));
}

Result<QStringList> EpisodeStore::moveAll(const QString& userId, const QStringList& ids, ItemStatus from,
                                          const QString& assignments)
{
    QSet<QString> moved;
    QSet<QString> conversations;
    const Backend& backend = m_db.backend();
    const Status changed = m_index->changeStatuses([&]() -> Status {
        for (const QString& batch : jsonBatches(ids, kRowsPerStatement)) {
            // Rows locked in the order of seq, as every batch of updates takes them.
            auto q = sql::run(m_db.connection(),
                              QStringLiteral("UPDATE episodes SET %1 WHERE seq IN "
                                             "(SELECT t.seq FROM %2 WHERE t.user_id = ? AND t.status = '%3' "
                                             "ORDER BY t.seq%4) RETURNING id, kind, conversation_id")
                                  .arg(assignments, backend.rowsById(QStringLiteral("episodes"), QStringLiteral("t")),
                                       enumName(from), backend.lockSuffix()),
                              {batch, userId});
            if (!q)
                return q.error();
            while (q->next()) {
                moved.insert(q->value(0).toString());
                if (q->value(1).toString() == enumName(EpisodeKind::Exchange) && !q->value(2).toString().isEmpty())
                    conversations.insert(q->value(2).toString());
            }
        }
        return Status{};
    });
    if (!changed)
        return changed.error();
    if (auto st = refreshContexts(userId, conversations.values()); !st)
        return st.error();
    return inOrderOf(ids, moved);
}

Result<QStringList> EpisodeStore::purgeArchived(const QString& userId, const QStringList& ids)
{
    QSet<QString> purged;
    const Backend& backend = m_db.backend();
    for (const QString& batch : jsonBatches(ids, kRowsPerStatement)) {
        auto q =
            sql::run(m_db.connection(),
                     QStringLiteral("DELETE FROM episodes WHERE seq IN (SELECT t.seq FROM %1 WHERE t.user_id = ? "
                                    "AND t.status = 'archived' ORDER BY t.seq%2) RETURNING id")
                         .arg(backend.rowsById(QStringLiteral("episodes"), QStringLiteral("t")), backend.lockSuffix()),
                     {batch, userId});
        if (!q)
            return q.error();
        while (q->next())
            purged.insert(q->value(0).toString());
    }
    return inOrderOf(ids, purged);
}

Status EpisodeStore::remove(const QString& userId, const QString& id)
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("DELETE FROM episodes WHERE user_id = ? AND id = ?"), {userId, id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no episode %1").arg(id));
    return {};
}

Status EpisodeStore::optimizeIndex()
{
    return m_index->optimize();
}

Result<QHash<QString, QString>> EpisodeStore::owners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("episodes"), ids);
}

Result<int> EpisodeStore::removeAllOf(const QString& userId)
{
    return m_index->removeAllOf(userId);
}

Result<qint64> EpisodeStore::lastSeq(const QString& userId) const
{
    return sql::newestSeq(m_db.connection(), QStringLiteral("episodes"), userId);
}

Result<QHash<qsizetype, QString>> EpisodeStore::held(const QString& userId, const QList<Episode>& episodes,
                                                     qint64 upToSeq) const
{
    if (upToSeq <= 0 || episodes.isEmpty())
        return QHash<qsizetype, QString>{};
    // Each by the user's index by time (both statuses), then compared in full.
    return sql::heldRows(
        m_db.connection(),
        QStringLiteral("SELECT CAST(value->>0 AS BIGINT), min(e.id) FROM %1 JOIN episodes e ON e.user_id = ? "
                       "AND e.status IN ('active', 'archived') AND e.created_at = CAST(value->>1 AS BIGINT) "
                       "AND e.seq <= ? AND e.kind = value->>2 AND e.content = value->>3 "
                       "AND e.response = value->>4 GROUP BY 1")
            .arg(m_db.backend().jsonRows()),
        episodes.size(),
        [&](qsizetype i) {
            const Episode& e = episodes.at(i);
            return Json::array({toMsecs(e.createdAt), enumName(e.kind).toStdString(), jsontext::utf8(e.content),
                                jsontext::utf8(e.response)})
                .dump();
        },
        {userId, upToSeq});
}

Status EpisodeStore::beginBulkLoad()
{
    return m_index->beginBulkLoad();
}

Status EpisodeStore::finishBulkLoad()
{
    return m_index->finishBulkLoad();
}

Result<Episode> EpisodeStore::find(const QString& userId, const QString& id) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.id = ?").arg(kEpisodeColumns),
                      {userId, id});
    if (!q)
        return q.error();
    if (!q->next())
        return Error::notFound(QStringLiteral("There is no episode %1").arg(id));
    return episodeFromRow(*q);
}

Result<std::optional<Episode>> EpisodeStore::activeSummaryForTopic(const QString& userId, const QString& topicKey) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.topic_key = ? "
                                     "AND e.kind = 'summary' AND e.status = 'active' ORDER BY e.seq DESC LIMIT 1")
                          .arg(kEpisodeColumns),
                      {userId, topicKey});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Episode>();
    return std::optional<Episode>(episodeFromRow(*q));
}

Result<std::optional<Episode>> EpisodeStore::latestExchange(const QString& userId) const
{
    // Asked at every recorded exchange (the near-duplicate check): prepared once.
    auto q = sql::selectCached(m_latestExchange, m_db.connection(),
                               QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.kind = 'exchange' "
                                              "AND e.status = 'active' ORDER BY e.created_at DESC, e.seq DESC LIMIT 1")
                                   .arg(kEpisodeColumns),
                               {userId});
    if (!q)
        return q.error();
    std::optional<Episode> latest;
    if ((*q)->next())
        latest = episodeFromRow(**q);
    (*q)->finish();
    return latest;
}

Result<QList<Episode>> EpisodeStore::list(const QString& userId, const EpisodeFilter& f) const
{
    Where w = whereFor(*m_index, userId, f);
    const QString direction = f.newestFirst ? QStringLiteral("DESC") : QStringLiteral("ASC");
    QString order = QStringLiteral("%1 %2").arg(orderExpression(f.order), direction);
    if (f.order != EpisodeOrder::Created)
        order += QStringLiteral(", e.created_at DESC");
    order += QStringLiteral(", e.seq %1").arg(f.order == EpisodeOrder::Created ? direction : QStringLiteral("DESC"));
    QString statement;
    if (f.order == EpisodeOrder::Created) {
        // The (user_id, status, created_at) index delivers this order without sorting.
        statement = QStringLiteral("SELECT %1 FROM episodes e WHERE %2 ORDER BY %3 LIMIT ? OFFSET ?")
                        .arg(kEpisodeColumns, w.clause, order);
    } else {
        // Sorting whole rows of 100,000 episodes takes SQLite a third of a second; sorting only
        // the keys and fetching the page's rows afterwards takes a fraction of that.
        statement = QStringLiteral("SELECT %1 FROM episodes e JOIN (SELECT e.seq FROM episodes e WHERE %2 "
                                   "ORDER BY %3 LIMIT ? OFFSET ?) page ON page.seq = e.seq ORDER BY %3")
                        .arg(kEpisodeColumns, w.clause, order);
    }
    w.values << sql::limit(f.limit) << f.offset;
    auto q = sql::runList(m_db.connection(), statement, w.values);
    if (!q)
        return q.error();
    QList<Episode> list;
    while (q->next())
        list.append(episodeFromRow(*q));
    return list;
}

Result<int> EpisodeStore::count(const QString& userId, const EpisodeFilter& f) const
{
    const Where w = whereFor(*m_index, userId, f);
    auto q = sql::runList(m_db.connection(), QStringLiteral("SELECT count(*) FROM episodes e WHERE %1").arg(w.clause),
                          w.values);
    if (!q)
        return q.error();
    return q->next() ? q->value(0).toInt() : 0;
}

Result<QList<EpisodeHit>> EpisodeStore::searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                                  std::optional<EpisodeKind> kind) const
{
    return m_index->searchAll(userId, terms, limit, kind);
}

Result<QList<EpisodeHit>> EpisodeStore::search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                               std::optional<EpisodeKind> kind) const
{
    return m_index->search(userId, terms, limit, kind);
}

Result<QList<QList<EpisodeHit>>> EpisodeStore::search(const QString& userId, const QList<SearchTerm>& terms,
                                                      const QList<EpisodeQuota>& quotas, HitDetail detail) const
{
    return m_index->search(userId, terms, quotas, detail);
}

Status EpisodeStore::complete(QList<EpisodeHit>& hits) const
{
    Json rowids = Json::array();
    QHash<qint64, qsizetype> positions;
    for (qsizetype i = 0; i < hits.size(); ++i) {
        if (hits.at(i).partial) {
            rowids.push_back(hits.at(i).rowid);
            positions.insert(hits.at(i).rowid, i);
        }
    }
    if (positions.isEmpty())
        return {};
    if (auto st = sql::runCached(
            m_complete, m_db.connection(),
            QStringLiteral("SELECT %1, e.seq FROM %2")
                .arg(episoderow::columns(), m_db.backend().rowsBySeq(QStringLiteral("episodes"), QStringLiteral("e"))),
            {QString::fromStdString(rowids.dump())});
        !st)
        return st;
    while (m_complete->next()) {
        EpisodeHit& hit = hits[positions.value(m_complete->value(episoderow::kColumnCount).toLongLong())];
        hit.episode = episoderow::read(*m_complete);
        hit.partial = false;
    }
    m_complete->finish();
    hits.removeIf([](const EpisodeHit& h) { return h.partial; });
    return {};
}

Status EpisodeStore::touch(const QString& userId, const QStringList& ids, const QDateTime& now)
{
    return sql::touch(m_touch, m_db, QStringLiteral("episodes"), userId, ids, toMsecs(now));
}

namespace {

Result<QStringList> idsFromQuery(Result<QSqlQuery> q)
{
    if (!q)
        return q.error();
    QStringList ids;
    while (q->next())
        ids.append(q->value(0).toString());
    return ids;
}

} // namespace

Result<QStringList> EpisodeStore::archivedBefore(const QString& userId, const QDateTime& cutoff) const
{
    return idsFromQuery(sql::run(
        m_db.connection(),
        QStringLiteral("SELECT id FROM episodes WHERE user_id = ? AND status = 'archived' AND archived_at < ?"),
        {userId, toMsecs(cutoff)}));
}

Result<QStringList> EpisodeStore::leastRetained(const QString& userId, const QDateTime& now, int count,
                                                const Retention& retention) const
{
    constexpr double kMsPerDay = 86400000.0;
    return idsFromQuery(
        sql::run(m_db.connection(),
                 QStringLiteral("SELECT id FROM episodes WHERE user_id = ? AND status = 'active' AND pinned = 0 "
                                "ORDER BY CAST(? AS DOUBLE PRECISION) * importance + CAST(? AS DOUBLE PRECISION) "
                                "* pow(0.5, greatest(0.0, (CAST(? AS DOUBLE PRECISION) - last_access_at) "
                                "/ CAST(? AS DOUBLE PRECISION)) / CAST(? AS DOUBLE PRECISION)), "
                                "last_access_at, seq LIMIT ?"),
                 {userId, retention.importanceWeight, retention.recencyWeight, static_cast<double>(toMsecs(now)),
                  kMsPerDay, retention.halfLifeDays, count}));
}

Result<QStringList> EpisodeStore::activeMadeBefore(const QString& userId, const QDateTime& cutoff) const
{
    return idsFromQuery(
        sql::run(m_db.connection(),
                 QStringLiteral("SELECT id FROM episodes WHERE user_id = ? AND status = 'active' AND pinned = 0 "
                                "AND created_at < ? ORDER BY seq"),
                 {userId, toMsecs(cutoff)}));
}

} // namespace engram
