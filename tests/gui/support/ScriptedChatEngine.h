#pragma once

#include "ChatEngine.h"

#include <QList>

#include <optional>

namespace engram {
class MemoryService;
}

namespace engram::test {

// A ChatEngine that plays scripted turns through the real interface: it stores messages through
// MemoryService as the pipeline will (never for incognito turns), sends each chunk from the event
// loop, can stall until stop(), fail with any error kind, report memories used and announce
// something remembered.
class ScriptedChatEngine final : public ChatEngine
{
    Q_OBJECT

public:
    struct Turn
    {
        QStringList chunks{QStringLiteral("OK")};
        bool stall{}; // after the chunks, wait for stop()
        std::optional<ErrorKind> failure;
        QString failureMessage;
        QList<UsedMemory> used;
        QString notice; // memoryNotice after the reply, with undoToken
        NoticeKind noticeKind{NoticeKind::Remembered};
        QString undoToken;
    };

    explicit ScriptedChatEngine(MemoryService* memory, QObject* parent = nullptr);

    void enqueue(const Turn& turn) { m_script.append(turn); }
    void setState(ConnectionState state);
    void setModel(const QString& name);

    QList<TurnRequest> requests() const { return m_requests; }
    QStringList undone() const { return m_undone; }
    int stopCalls() const { return m_stopCalls; }

    QString send(const TurnRequest& request) override;
    QString regenerate(const TurnRequest& request) override;
    void stop() override;
    bool isBusy() const override { return !m_turnId.isEmpty(); }
    Status undoMemory(const QString& userId, const QString& undoToken) override;
    QString modelName() const override { return m_model; }
    ConnectionState connectionState() const override { return m_state; }

private:
    QString start(const TurnRequest& request, bool storeUser);
    void play(int index);
    void finish(bool stopped);

    MemoryService* m_memory{};
    QList<Turn> m_script;
    QList<TurnRequest> m_requests;
    QStringList m_undone;
    int m_stopCalls{};
    ConnectionState m_state{ConnectionState::Connected};
    QString m_model{QStringLiteral("scripted-model")};

    // the running turn
    QString m_turnId;
    TurnRequest m_request;
    Turn m_turn;
    QString m_reply;
    int m_generation{};
};

} // namespace engram::test
