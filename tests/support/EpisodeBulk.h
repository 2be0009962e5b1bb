#pragma once

#include "memory/MemoryService.h"
#include "storage/EpisodeStore.h"

namespace engram::test {

// An active exchange of the user, with a new id, created (and last used) at `at`.
Episode newEpisode(const QString& userId, const QString& text, const QDateTime& at);

// The hits' episode contents, in order.
QStringList contentsOf(const QList<EpisodeHit>& hits);

// Writes `count` exchange episodes for a user straight through EpisodeStore in one transaction,
// one minute apart and ending a minute before `end` — a large episodic memory in seconds. The
// content of episode i (0 = oldest) is `pattern` with %1 replaced by i, zero-padded to 6 digits.
// No change signal is sent: callers that need one emit it. Returns the ids, oldest first.
QStringList insertEpisodes(MemoryService& service, const QString& userId, int count, const QDateTime& end,
                           const QString& pattern = QStringLiteral("episode %1"),
                           ItemStatus status = ItemStatus::Active);

} // namespace engram::test
