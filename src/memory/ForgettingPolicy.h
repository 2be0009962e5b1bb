#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QStringList>

namespace engram {

struct MemoryContext;

struct ForgetReport
{
    QStringList archived; // moved to the archive now
    QStringList purged;   // archived long enough ago, erased now
};

// Forgets episodes by retention = 0.6·importance + 0.4·recency, recency = 0.5^(days since last
// access / 30): over capacity the lowest retention goes first; past the optional age limit
// episodes go too; pinned ones never. Forgotten episodes wait in the archive, restorable, for
// `archiveDays`, then are purged.
class ForgettingPolicy final
{
public:
    explicit ForgettingPolicy(MemoryContext& ctx);

    static double retention(double importance, const QDateTime& lastAccess, const QDateTime& now);

    // With dryRun nothing changes; the report says what would.
    Result<ForgetReport> run(const QString& userId, bool dryRun = false);
    Status restore(const QString& userId, const QString& id);

private:
    Result<QStringList> overCapacity(const QString& userId, qint64 nowMs) const;
    Result<QStringList> overAge(const QString& userId, qint64 nowMs) const;

    MemoryContext& m_ctx;
};

} // namespace engram
