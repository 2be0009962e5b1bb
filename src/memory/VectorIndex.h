#pragma once

#include "core/Result.h"
#include "storage/EmbeddingStore.h"

#include <QHash>
#include <QList>

namespace engram {

// The embedding of a query, with the model that made it: only vectors of that model compare.
struct QueryVector
{
    QString model;
    QList<float> values;
};

struct VectorHit
{
    QString itemId;
    QString itemType;
    double similarity{}; // cosine, -1..1
};

// Nearest neighbours by cosine over one user's vectors, brute force: vectors are unit length,
// so a dot product is the cosine. A user's vectors of a model are cached in memory and re-read
// when the store was written to or their count changed (items deleted by trigger).
class VectorIndex final
{
public:
    explicit VectorIndex(EmbeddingStore& store);

    // The `k` items of `itemType` most similar to `query`, best first, at least `minSimilarity`.
    Result<QList<VectorHit>> nearest(const QString& userId, const QueryVector& query, const QString& itemType, int k,
                                     double minSimilarity) const;
    // Every vector of the user's items made by `model` (the cache: valid until the next call).
    Result<const QList<StoredVector>*> rowsFor(const QString& userId, const QString& model) const;
    // How many vectors of `model` the user had when they were last read (by nearest or rowsFor),
    // without asking the store; -1 when they were never read.
    int cachedCount(const QString& userId, const QString& model) const;
    // The `k` of `rows` of `itemType` most similar to the unit vector `query`, best first, at
    // least `minSimilarity`; rows of another dimension are skipped.
    static QList<VectorHit> rank(const QList<float>& query, const QList<StoredVector>& rows, const QString& itemType,
                                 int k, double minSimilarity);

private:
    struct Cached
    {
        quint64 generation{};
        int count{-1};
        QList<StoredVector> rows;
    };

    EmbeddingStore& m_store;
    mutable QHash<QString, Cached> m_cache; // key: user id + '\n' + model
};

} // namespace engram
