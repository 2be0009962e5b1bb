#include "storage/FactStore.h"

#include "core/SearchTokenizer.h"
#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

#include <QRegularExpression>

namespace engram {
namespace {

const auto kFactColumns = QStringLiteral(
    "f.id, f.user_id, f.subject, f.predicate, f.object, f.confidence, f.status, f.source, f.conversation_id, "
    "f.message_id, f.model, f.valid_from, f.valid_to, f.superseded_by, f.pinned, f.importance, f.access_count, "
    "f.last_access_at, f.created_at, f.updated_at, f.metadata");
constexpr int kColumnCount = 21;

Fact factFromRow(const QSqlQuery& q)
{
    Fact f;
    f.id = q.value(0).toString();
    f.userId = q.value(1).toString();
    f.subject = q.value(2).toString();
    f.predicate = q.value(3).toString();
    f.object = q.value(4).toString();
    f.confidence = q.value(5).toDouble();
    f.status = itemStatusFromString(q.value(6).toString()).value_or(ItemStatus::Active);
    f.source = factSourceFromString(q.value(7).toString()).value_or(FactSource::UserInput);
    f.conversationId = q.value(8).toString();
    f.messageId = q.value(9).toString();
    f.model = q.value(10).toString();
    f.validFrom = fromMsecs(q.value(11).toLongLong());
    f.validTo = fromMsecs(q.value(12).toLongLong());
    f.supersededBy = q.value(13).toString();
    f.pinned = q.value(14).toBool();
    f.importance = q.value(15).toDouble();
    f.accessCount = q.value(16).toInt();
    f.lastAccessAt = fromMsecs(q.value(17).toLongLong());
    f.createdAt = fromMsecs(q.value(18).toLongLong());
    f.updatedAt = fromMsecs(q.value(19).toLongLong());
    f.metadata = jsontext::parse(q.value(20).toString());
    return f;
}

QVariantList mutableValues(const Fact& f)
{
    return {f.subject,
            f.predicate,
            f.object,
            FactStore::normalizeKey(f.subject),
            FactStore::normalizeKey(f.predicate),
            f.confidence,
            enumName(f.status),
            enumName(f.source),
            f.conversationId,
            f.messageId,
            f.model,
            toMsecs(f.validFrom),
            toMsecs(f.validTo),
            f.supersededBy,
            f.pinned ? 1 : 0,
            f.importance,
            f.accessCount,
            toMsecs(f.lastAccessAt.isValid() ? f.lastAccessAt : f.createdAt),
            toMsecs(f.updatedAt.isValid() ? f.updatedAt : f.createdAt),
            jsontext::dump(f.metadata),
            f.status == ItemStatus::Deleted ? QString() : SearchTokenizer::indexText(f.text())};
}

const auto kMutableColumns = QStringLiteral(
    "subject, predicate, object, subject_key, predicate_key, confidence, status, source, conversation_id, message_id, "
    "model, valid_from, valid_to, superseded_by, pinned, importance, access_count, last_access_at, updated_at, "
    "metadata, search_body");

QString whereFor(const FactFilter& f, QVariantList& values)
{
    QString clause = QStringLiteral("f.user_id = ?");
    if (!f.statuses.isEmpty()) {
        QStringList marks;
        for (ItemStatus s : f.statuses) {
            marks.append(QStringLiteral("?"));
            values.append(enumName(s));
        }
        clause += QStringLiteral(" AND f.status IN (%1)").arg(marks.join(QLatin1Char(',')));
    }
    if (f.pinnedOnly)
        clause += QStringLiteral(" AND f.pinned = 1");
    return clause;
}

} // namespace

FactStore::FactStore(Database& db)
    : m_db(db)
    , m_index(db.backend().factIndex(db))
{}

FactStore::~FactStore() = default;

QString FactStore::normalizeKey(const QString& text)
{
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    QString key = text.normalized(QString::NormalizationForm_KC).toCaseFolded().trimmed();
    key.replace(spaces, QStringLiteral(" "));
    return key;
}

Status FactStore::insert(const Fact& f)
{
    QVariantList values{f.id, f.userId, toMsecs(f.createdAt)};
    values += mutableValues(f);
    QStringList marks;
    for (int i = 0; i < values.size(); ++i)
        marks.append(QStringLiteral("?"));
    return sql::runCached(m_insert, m_db.connection(),
                          QStringLiteral("INSERT INTO facts (id, user_id, created_at, %1) VALUES (%2)")
                              .arg(kMutableColumns, marks.join(QLatin1Char(','))),
                          values);
}

Status FactStore::update(const Fact& f)
{
    QStringList sets;
    for (const QString& column : kMutableColumns.split(QStringLiteral(", ")))
        sets.append(column + QStringLiteral(" = ?"));
    QVariantList values = mutableValues(f);
    values << f.userId << f.id;
    auto q = sql::runList(
        m_db.connection(),
        QStringLiteral("UPDATE facts SET %1 WHERE user_id = ? AND id = ?").arg(sets.join(QStringLiteral(", "))),
        values);
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no fact %1").arg(f.id));
    return {};
}

Status FactStore::remove(const QString& userId, const QString& id)
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("DELETE FROM facts WHERE user_id = ? AND id = ?"), {userId, id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no fact %1").arg(id));
    return {};
}

Result<int> FactStore::removeAllOf(const QString& userId)
{
    return sql::removeUserRows(m_db.connection(), QStringLiteral("facts"), userId);
}

Status FactStore::optimizeIndex()
{
    return m_index->optimize();
}

Result<QHash<QString, QString>> FactStore::owners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("facts"), ids);
}

Result<Fact> FactStore::find(const QString& userId, const QString& id) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM facts f WHERE f.user_id = ? AND f.id = ?").arg(kFactColumns),
                      {userId, id});
    if (!q)
        return q.error();
    if (!q->next())
        return Error::notFound(QStringLiteral("There is no fact %1").arg(id));
    return factFromRow(*q);
}

Result<std::optional<Fact>> FactStore::current(const QString& userId, const QString& subject,
                                               const QString& predicate) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM facts f WHERE f.user_id = ? AND f.subject_key = ? "
                                     "AND f.predicate_key = ? AND f.status = 'active'")
                          .arg(kFactColumns),
                      {userId, normalizeKey(subject), normalizeKey(predicate)});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Fact>();
    return std::optional<Fact>(factFromRow(*q));
}

Result<QList<Fact>> FactStore::lineage(const QString& userId, const QString& subject, const QString& predicate) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM facts f WHERE f.user_id = ? AND f.subject_key = ? "
                                     "AND f.predicate_key = ? ORDER BY f.valid_from, f.seq")
                          .arg(kFactColumns),
                      {userId, normalizeKey(subject), normalizeKey(predicate)});
    if (!q)
        return q.error();
    QList<Fact> list;
    while (q->next())
        list.append(factFromRow(*q));
    return list;
}

Result<QList<Fact>> FactStore::list(const QString& userId, const FactFilter& filter) const
{
    QList<Fact> list;
    if (auto st = forEach(userId, filter,
                          [&list](const Fact& f) {
                              list.append(f);
                              return true;
                          });
        !st)
        return st.error();
    return list;
}

Status FactStore::forEach(const QString& userId, const FactFilter& filter,
                          const std::function<bool(const Fact&)>& visit) const
{
    QVariantList values{userId};
    const QString where = whereFor(filter, values);
    values << sql::limit(filter.limit) << filter.offset;
    static const auto tripleColumns =
        QStringLiteral("f.id, f.user_id, f.subject, f.predicate, f.object, f.status, f.pinned");
    auto q = sql::runList(m_db.connection(),
                          QStringLiteral("SELECT %1 FROM facts f WHERE %2 ORDER BY f.pinned DESC, f.confidence DESC, "
                                         "f.updated_at DESC, f.seq LIMIT ? OFFSET ?")
                              .arg(filter.tripleOnly ? tripleColumns : kFactColumns, where),
                          values);
    if (!q)
        return q.error();
    while (q->next()) {
        if (!filter.tripleOnly) {
            if (!visit(factFromRow(*q)))
                break;
            continue;
        }
        Fact f;
        f.id = q->value(0).toString();
        f.userId = q->value(1).toString();
        f.subject = q->value(2).toString();
        f.predicate = q->value(3).toString();
        f.object = q->value(4).toString();
        f.status = itemStatusFromString(q->value(5).toString()).value_or(ItemStatus::Active);
        f.pinned = q->value(6).toBool();
        if (!visit(f))
            break;
    }
    return {};
}

Result<int> FactStore::count(const QString& userId, const FactFilter& filter) const
{
    QVariantList values{userId};
    const QString where = whereFor(filter, values);
    auto q =
        sql::runList(m_db.connection(), QStringLiteral("SELECT count(*) FROM facts f WHERE %1").arg(where), values);
    if (!q)
        return q.error();
    return q->next() ? q->value(0).toInt() : 0;
}

Result<QList<FactHit>> FactStore::search(const QString& userId, const QList<SearchTerm>& terms, int limit) const
{
    auto ranked = m_index->rank(userId, terms, limit);
    if (!ranked)
        return ranked.error();
    QList<FactHit> hits;
    if (ranked->isEmpty())
        return hits;
    Json rows = Json::array();
    QHash<qint64, qsizetype> positions;
    for (qsizetype i = 0; i < ranked->size(); ++i) {
        rows.push_back(ranked->at(i).first);
        positions.insert(ranked->at(i).first, i);
    }
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1, f.seq FROM %2")
                          .arg(kFactColumns, m_db.backend().rowsBySeq(QStringLiteral("facts"), QStringLiteral("f"))),
                      {QString::fromStdString(rows.dump())});
    if (!q)
        return q.error();
    QList<std::optional<FactHit>> found(ranked->size());
    while (q->next()) {
        const qsizetype at = positions.value(q->value(kColumnCount).toLongLong());
        found[at] = FactHit{factFromRow(*q), ranked->at(at).second};
    }
    for (auto& hit : found) {
        if (hit)
            hits.append(std::move(*hit));
    }
    return hits;
}

Status FactStore::touch(const QString& userId, const QStringList& ids, const QDateTime& now)
{
    return sql::touch(m_touch, m_db, QStringLiteral("facts"), userId, ids, toMsecs(now));
}

} // namespace engram
