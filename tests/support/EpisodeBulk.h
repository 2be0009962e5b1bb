#pragma once

#include "memory/MemoryService.h"
#include "storage/EpisodeStore.h"

namespace engram::test {

// An active exchange of the user, with a new id, created (and last used) at `at`.
Episode newEpisode(const QString& userId, const QString& text, const QDateTime& at);

// Writes episodes with this build's EpisodeStore into a file of an older schema version (an
// upgrade test's starting point): the store also writes columns later versions added (version
// 8's origin), so they are lent for the inserts and dropped again. False when an insert failed.
bool insertIntoOlderSchema(Database& db, const QList<Episode>& episodes);

// The hits' episode contents, in order.
QStringList contentsOf(const QList<EpisodeHit>& hits);

// Writes `count` exchange episodes for a user straight through EpisodeStore in one transaction,
// one minute apart and ending a minute before `end` — a large episodic memory in seconds. The
// content of episode i (0 = oldest) is `pattern` with %1 replaced by i, zero-padded to 6 digits.
// No change signal is sent: callers that need one emit it. Returns the ids, oldest first.
QStringList insertEpisodes(MemoryService& service, const QString& userId, int count, const QDateTime& end,
                           const QString& pattern = QStringLiteral("episode %1"),
                           ItemStatus status = ItemStatus::Active);

// An export document of `count` exchanges in conversations of ten turns, one conversation a day
// from 2026-01-01, its turns a minute apart (a chat history), of some forty words each.
QByteArray chatHistory(int count);

} // namespace engram::test
