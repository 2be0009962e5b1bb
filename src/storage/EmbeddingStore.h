#pragma once

#include "core/Result.h"

#include <QList>
#include <QStringList>

namespace engram {

class Database;

// One stored vector, unit length (normalised when it was put).
struct StoredVector
{
    QString itemId;
    QString itemType; // EmbeddingStore::kEpisode or kFact
    QList<float> vector;
};

// An item that still needs a vector, with the text to embed.
struct EmbeddingInput
{
    QString itemId;
    QString itemType;
    QString text;
};

// Vectors of episodes and facts for one embedding model, as little-endian float32 BLOBs. An item
// has at most one vector; triggers (migration 3) drop it when the item is deleted or its text edited.
class EmbeddingStore final
{
public:
    explicit EmbeddingStore(Database& db);

    static constexpr auto kEpisode = QLatin1String("episode");
    static constexpr auto kFact = QLatin1String("fact");

    // Stores `vector` scaled to unit length, replacing the item's vector of any model.
    Status put(const QString& userId, const QString& itemId, const QString& itemType, const QString& model,
               const QList<float>& vector);
    Status remove(const QString& userId, const QString& itemId);
    // Every vector of the user for `model`; `itemType` empty: of every type.
    Result<QList<StoredVector>> vectors(const QString& userId, const QString& model,
                                        const QString& itemType = {}) const;
    Result<int> count(const QString& userId, const QString& model) const;
    // How many of the user's vectors belong to a model other than `model`.
    Result<int> countOtherModels(const QString& userId, const QString& model) const;
    // Active episodes and current facts without a vector of `model`: `first` (if among them)
    // comes first, then the oldest.
    Result<QList<EmbeddingInput>> itemsWithoutVector(const QString& userId, const QString& model, int limit,
                                                     const QString& first = {}) const;
    // Those of `ids` that are active items without a vector of `model`, with their current text.
    Result<QList<EmbeddingInput>> missing(const QString& userId, const QString& model, const QStringList& ids) const;
    // Drops the user's vectors of every other model; returns how many went.
    Result<int> removeOtherModels(const QString& userId, const QString& model);

    // Bumped by every write through this store, so caches can tell they are stale (deletes by
    // trigger change count() instead).
    quint64 generation() const { return m_generation; }

    static QByteArray toBlob(const QList<float>& vector);
    static QList<float> fromBlob(const QByteArray& blob);
    // Scales to unit length; a zero vector stays zero.
    static void normalize(QList<float>& vector);

private:
    Database& m_db;
    quint64 m_generation{};
};

} // namespace engram
