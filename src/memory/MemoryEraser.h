#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

struct MemoryContext;

// What clearing a user's memory removed.
struct ClearReport
{
    int conversations{};
    int messages{};
    int episodes{};
    int facts{};
    int events{};
    int other{}; // jobs, embeddings and any other per-user rows
    QString backupPath;
    int items() const { return messages + episodes + facts; }
};

// Erases one user's memory of every tier (transcript, episodes, every fact version, the audit
// log, the undo trash, jobs, embeddings) and then scrubs the file so the erased text is gone from
// its bytes too. Other users and the user's profile row are untouched.
class MemoryEraser final
{
public:
    explicit MemoryEraser(MemoryContext& ctx);

    // Deletes the rows. Call inside a transaction: the caller commits or rolls back.
    Result<ClearReport> eraseRows(const QString& userId);
    // After the commit: merges the FTS5 segments (dropping the terms of deleted rows) and
    // truncates the WAL. With secure_delete on, the freed pages are already zeroed.
    Status scrub();

private:
    MemoryContext& m_ctx;
};

} // namespace engram
