#pragma once

#include "ChatEngine.h"

namespace engram {

// The engine the app uses while no model client is wired in: every turn fails with
// NotConfigured and stores nothing, so the window explains how to connect a model while
// history, the memory panel and export keep working.
class OfflineChatEngine final : public ChatEngine
{
    Q_OBJECT

public:
    explicit OfflineChatEngine(QObject* parent = nullptr);

    QString send(const TurnRequest& request) override;
    QString regenerate(const TurnRequest& request) override;
    void stop() override {}
    bool isBusy() const override { return false; }
    Status undoMemory(const QString& userId, const QString& undoToken) override;
    QString modelName() const override { return {}; }
    ConnectionState connectionState() const override { return ConnectionState::NotConfigured; }

private:
    QString failTurn();
};

} // namespace engram
