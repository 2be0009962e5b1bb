#pragma once

#include "ChatEngine.h"

#include <QPointer>

namespace engram {

class JobRunner;
class LlmClient;
class MemoryService;
class Turn;
class TurnPipeline;
struct AppliedFacts;
struct LlmError;

// The app's ChatEngine: runs each turn through TurnPipeline (store, context, stream, store,
// queue memory jobs) and turns its outcome into the signals the window follows.
class PipelineChatEngine final : public ChatEngine
{
    Q_OBJECT

public:
    PipelineChatEngine(MemoryService& memory, TurnPipeline& pipeline, LlmClient& client, JobRunner* jobs,
                       QObject* parent = nullptr);

    QString send(const TurnRequest& request) override;
    QString regenerate(const TurnRequest& request) override;
    void stop() override;
    bool isBusy() const override;
    Status undoMemory(const QString& userId, const QString& undoToken) override;
    QString modelName() const override;
    ConnectionState connectionState() const override { return m_state; }

    // The client's settings changed: the model name may differ and the connection is untried;
    // a new embedding model needs every item embedded again.
    void settingsChanged();

    static ErrorKind errorKind(const LlmError& error);

private:
    QString start(const TurnRequest& request, bool retry);
    void follow(Turn* turn, const QString& turnId);
    void announce(const QString& userId, const AppliedFacts& applied);
    void setState(ConnectionState state);

    MemoryService& m_memory;
    TurnPipeline& m_pipeline;
    LlmClient& m_client;
    QPointer<JobRunner> m_jobs;
    QPointer<Turn> m_turn;
    ConnectionState m_state{ConnectionState::Unknown};
    QString m_userId;
    QString m_conversationId; // where memory notices of background jobs are shown
    int m_turnCount{};
};

} // namespace engram
