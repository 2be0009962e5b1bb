#pragma once

#include "FakeLlmContent.h"

#include <QList>
#include <QMutex>

namespace engram::test {

// What FakeLlmServer's test thread and its network thread share: the script, the record and the
// switches. Every member is guarded by `mutex`.
struct FakeServerState
{
    enum class Ending
    {
        Completed,
        Dropped,
        AbortedByClient
    };

    struct Scripted
    {
        FakeMatcher matcher;
        FakeReply reply;
    };

    // Records the request and picks its reply: the key check, then the script, then the defaults.
    FakeReply answer(const RecordedRequest& request);
    void ended(Ending ending);

    mutable QMutex mutex;
    FakeServerOptions options;
    QList<Scripted> queue;
    QList<RecordedRequest> requests;
    QString requiredKey;
    bool rejectResponseFormat{};
    bool rejectStreamOptions{};
    bool rejectUnknownModels{};
    int aborted{};
    int completed{};
    int dropped{};

private:
    FakeReply defaultAnswer(const RecordedRequest& request) const;
};

} // namespace engram::test
