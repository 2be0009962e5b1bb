#include "memory/VectorIndex.h"

#include <algorithm>

namespace engram {

VectorIndex::VectorIndex(EmbeddingStore& store)
    : m_store(store)
{}

Result<const QList<StoredVector>*> VectorIndex::rowsFor(const QString& userId, const QString& model) const
{
    auto count = m_store.count(userId, model);
    if (!count)
        return count.error();
    Cached& cached = m_cache[userId + QLatin1Char('\n') + model];
    if (cached.count != *count || cached.generation != m_store.generation()) {
        auto rows = m_store.vectors(userId, model);
        if (!rows)
            return rows.error();
        cached.rows = std::move(*rows);
        cached.count = *count;
        cached.generation = m_store.generation();
    }
    return &cached.rows;
}

int VectorIndex::cachedCount(const QString& userId, const QString& model) const
{
    const auto it = m_cache.constFind(userId + QLatin1Char('\n') + model);
    return it == m_cache.constEnd() ? -1 : it->count;
}

Result<QList<VectorHit>> VectorIndex::nearest(const QString& userId, const QueryVector& query, const QString& itemType,
                                              int k, double minSimilarity) const
{
    if (query.values.isEmpty() || k <= 0)
        return QList<VectorHit>();
    auto rows = rowsFor(userId, query.model);
    if (!rows)
        return rows.error();
    QList<float> q = query.values;
    EmbeddingStore::normalize(q);
    return rank(q, **rows, itemType, k, minSimilarity);
}

QList<VectorHit> VectorIndex::rank(const QList<float>& query, const QList<StoredVector>& rows, const QString& itemType,
                                   int k, double minSimilarity)
{
    QList<VectorHit> hits;
    if (k <= 0)
        return hits;
    for (const StoredVector& row : rows) {
        if (row.itemType != itemType || row.vector.size() != query.size())
            continue; // a vector of another dimension cannot be compared (a model changed its size)
        double dot = 0;
        for (qsizetype i = 0; i < query.size(); ++i)
            dot += double(query[i]) * row.vector[i];
        if (dot >= minSimilarity)
            hits.append(VectorHit{row.itemId, row.itemType, dot});
    }
    const auto byScore = [](const VectorHit& a, const VectorHit& b) {
        if (a.similarity != b.similarity)
            return a.similarity > b.similarity;
        return a.itemId < b.itemId; // a stable order for equal scores
    };
    if (hits.size() > k) {
        std::partial_sort(hits.begin(), hits.begin() + k, hits.end(), byScore);
        hits.resize(k);
    } else {
        std::sort(hits.begin(), hits.end(), byScore);
    }
    return hits;
}

} // namespace engram
