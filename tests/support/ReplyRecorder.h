#pragma once

#include "llm/LlmReply.h"

#include <QStringList>

#include <memory>
#include <optional>

namespace engram::test {

// Everything a reply said — pieces, result, error, retries — kept after the reply deleted itself.
struct ReplyOutcome
{
    QStringList deltas;
    std::optional<ChatResult> result;
    std::optional<LlmError> error;
    QString textAtFailure; // ChatReply::text() when `failed` came
    QList<int> retryDelays;
    int finishedCount{};
    int failedCount{};

    bool ended() const { return finishedCount + failedCount > 0; }
    QString joined() const { return deltas.join(QString()); }
    // The error's kind name, or "(no error)": reads well in QCOMPARE failures.
    QString errorKind() const;
};

// Starts recording a chat reply (or only failures and retries of other replies).
std::shared_ptr<ReplyOutcome> record(LlmReply* reply);
// Waits, generously, until the reply has ended; false if it never did.
bool waitEnded(const ReplyOutcome& outcome, int timeoutMs = 10000);
// A request with a fixed system prompt and the user's text.
ChatRequest userSays(const QString& text);

} // namespace engram::test
