#include "storage/EmbeddingStore.h"

#include "storage/Database.h"
#include "storage/Sql.h"

#include <QtEndian>

#include <cmath>
#include <cstring>

namespace engram {
namespace {

// Active episodes and current facts of a user that have no vector of a model, with their text.
// Binds: model, user, model, user.
const auto kWithoutVector =
    QStringLiteral("SELECT e.id, 'episode', e.content, e.response, '', e.created_at FROM episodes e "
                   "LEFT JOIN embeddings v ON v.item_id = e.id AND v.model = ? "
                   "WHERE e.user_id = ? AND e.status = 'active' AND v.item_id IS NULL "
                   "UNION ALL "
                   "SELECT f.id, 'fact', f.subject, f.predicate, f.object, f.created_at FROM facts f "
                   "LEFT JOIN embeddings v ON v.item_id = f.id AND v.model = ? "
                   "WHERE f.user_id = ? AND f.status = 'active' AND v.item_id IS NULL");

QString textOf(const QSqlQuery& q)
{
    if (q.value(1).toString() == EmbeddingStore::kFact)
        return q.value(2).toString() + QLatin1Char(' ') + q.value(3).toString() + QStringLiteral(": ") +
               q.value(4).toString();
    const QString response = q.value(3).toString();
    return response.isEmpty() ? q.value(2).toString() : q.value(2).toString() + QLatin1Char('\n') + response;
}

} // namespace

EmbeddingStore::EmbeddingStore(Database& db)
    : m_db(db)
{}

void EmbeddingStore::normalize(QList<float>& vector)
{
    double norm = 0;
    for (float x : std::as_const(vector))
        norm += double(x) * x;
    if (norm <= 0)
        return;
    const float scale = static_cast<float>(1.0 / std::sqrt(norm));
    for (float& x : vector)
        x *= scale;
}

QByteArray EmbeddingStore::toBlob(const QList<float>& vector)
{
    QByteArray blob(vector.size() * qsizetype(sizeof(float)), Qt::Uninitialized);
    for (qsizetype i = 0; i < vector.size(); ++i)
        qToLittleEndian(vector[i], blob.data() + i * qsizetype(sizeof(float)));
    return blob;
}

QList<float> EmbeddingStore::fromBlob(const QByteArray& blob)
{
    QList<float> vector(blob.size() / qsizetype(sizeof(float)));
    for (qsizetype i = 0; i < vector.size(); ++i)
        vector[i] = qFromLittleEndian<float>(blob.constData() + i * qsizetype(sizeof(float)));
    return vector;
}

Status EmbeddingStore::put(const QString& userId, const QString& itemId, const QString& itemType, const QString& model,
                           const QList<float>& vector)
{
    QList<float> unit = vector;
    normalize(unit);
    ++m_generation;
    return sql::execute(m_db.connection(),
                        QStringLiteral("INSERT INTO embeddings (item_id, user_id, item_type, model, dim, vector) "
                                       "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (item_id) DO UPDATE SET "
                                       "user_id = excluded.user_id, item_type = excluded.item_type, "
                                       "model = excluded.model, dim = excluded.dim, vector = excluded.vector"),
                        {itemId, userId, itemType, model, int(unit.size()), toBlob(unit)});
}

Status EmbeddingStore::remove(const QString& userId, const QString& itemId)
{
    ++m_generation;
    return sql::execute(m_db.connection(), QStringLiteral("DELETE FROM embeddings WHERE user_id = ? AND item_id = ?"),
                        {userId, itemId});
}

Result<QList<StoredVector>> EmbeddingStore::vectors(const QString& userId, const QString& model,
                                                    const QString& itemType) const
{
    QString statement =
        QStringLiteral("SELECT item_id, item_type, vector FROM embeddings WHERE user_id = ? AND model = ?");
    QVariantList values{userId, model};
    if (!itemType.isEmpty()) {
        statement += QStringLiteral(" AND item_type = ?");
        values.append(itemType);
    }
    auto q = sql::runList(m_db.connection(), statement, values);
    if (!q)
        return q.error();
    QList<StoredVector> list;
    while (q->next())
        list.append(StoredVector{q->value(0).toString(), q->value(1).toString(), fromBlob(q->value(2).toByteArray())});
    return list;
}

Result<int> EmbeddingStore::count(const QString& userId, const QString& model) const
{
    auto n =
        sql::scalar(m_db.connection(),
                    QStringLiteral("SELECT count(*) FROM embeddings WHERE user_id = ? AND model = ?"), {userId, model});
    if (!n)
        return n.error();
    return n->toInt();
}

Result<int> EmbeddingStore::countOtherModels(const QString& userId, const QString& model) const
{
    auto n = sql::scalar(m_db.connection(),
                         QStringLiteral("SELECT count(*) FROM embeddings WHERE user_id = ? AND model != ?"),
                         {userId, model});
    if (!n)
        return n.error();
    return n->toInt();
}

Result<QList<EmbeddingInput>> EmbeddingStore::itemsWithoutVector(const QString& userId, const QString& model, int limit,
                                                                 const QString& first) const
{
    // `first` empty matches no id, so the order is simply oldest first.
    auto q = sql::run(
        m_db.connection(),
        QStringLiteral("SELECT * FROM (%1) AS w ORDER BY (w.id = ?) DESC, w.created_at LIMIT ?").arg(kWithoutVector),
        {model, userId, model, userId, first, limit});
    if (!q)
        return q.error();
    QList<EmbeddingInput> items;
    while (q->next())
        items.append(EmbeddingInput{q->value(0).toString(), q->value(1).toString(), textOf(*q)});
    return items;
}

Result<QList<EmbeddingInput>> EmbeddingStore::missing(const QString& userId, const QString& model,
                                                      const QStringList& ids) const
{
    QList<EmbeddingInput> out;
    for (const QString& id : ids) {
        auto q =
            sql::run(m_db.connection(), QStringLiteral("SELECT * FROM (%1) AS w WHERE w.id = ?").arg(kWithoutVector),
                     {model, userId, model, userId, id});
        if (!q)
            return q.error();
        if (q->next())
            out.append(EmbeddingInput{q->value(0).toString(), q->value(1).toString(), textOf(*q)});
    }
    return out;
}

Result<int> EmbeddingStore::removeOtherModels(const QString& userId, const QString& model)
{
    ++m_generation;
    auto q = sql::run(m_db.connection(), QStringLiteral("DELETE FROM embeddings WHERE user_id = ? AND model != ?"),
                      {userId, model});
    if (!q)
        return q.error();
    return sql::affected(*q);
}

} // namespace engram
