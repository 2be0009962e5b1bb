#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "llm/FeedbackDetector.h"
#include "memory/FactApplier.h"

namespace engram {

class MemoryService;

// Applies a user's bare correction ("不对") or confirmation ("对，没错") to the facts the previous
// reply of the conversation relied on: a correction weakens them (below the pending threshold they
// leave the context), a confirmation confirms them. Which facts are meant is the rule of
// docs/DESIGN.md ("Corrections and confirmations"); when it names none, nothing changes.
class FeedbackApplier final
{
public:
    // `message` is the user's stored message. Manual and pinned facts are never weakened.
    static Result<AppliedFacts> apply(MemoryService& memory, const QString& userId, const Message& message,
                                      Feedback feedback);

    // The facts among `current` that the feedback is about: those the reply mentions that the
    // previous user message taught, else those the reply mentions, else the one fact that message
    // taught. Facts taught by `ownMessageId` (the feedback itself) are never targets.
    static QList<Fact> targets(const QList<Fact>& current, const QString& reply, const QString& previousUserMessageId,
                               const QString& ownMessageId);

    // The reply names the object: case- and width-insensitive, at least two characters, and not
    // inside a longer Latin word ("Go" is not in "Google").
    static bool mentions(const QString& reply, const QString& object);

    static constexpr double kCorrectionWeight = 0.5;
};

} // namespace engram
