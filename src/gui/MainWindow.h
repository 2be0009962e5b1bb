#pragma once

#include "ChatEngine.h"
#include "SettingsDialog.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class QDockWidget;
class QLabel;

namespace Ui {
class MainWindow;
}

namespace engram {

class AppSettings;
class ChatController;
class ConnectToolDialog;
class MemoryFileCare;
class MemoryPanel;
class MemoryService;
class SecretStore;
class StatusMessages;

// The app's one window: profiles and conversations on the left, the chat in the middle, the
// memory panel in a dock, and the model's state in the status bar. Everything it shows comes from
// MemoryService; every turn goes through a ChatEngine.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(MemoryService& memory, AppSettings& settings, SecretStore& secrets, ChatEngine& engine,
               QWidget* parent = nullptr);
    ~MainWindow() override;

    QString currentUserId() const { return m_userId; }
    QString currentConversationId() const;
    // Shows this profile's conversations and memory (the profile must exist).
    void setUser(const QString& userId);
    // Opens one of the current profile's conversations (stored or incognito).
    void openConversation(const QString& conversationId);
    // What "Test connection" in Settings uses; without one the button is disabled.
    void setConnectionTester(SettingsDialog::ConnectionTester tester);
    // Export, Import and Clear stay disabled until something handles the *Requested signals.
    void setMemoryTransferAvailable(bool available);
    // A rolling backup of the memory file once a day while the window is open (the app, not tests).
    void startDailyBackups();
    MemoryFileCare* memoryFileCare() const { return m_fileCare; }

    QDockWidget* memoryDock() const { return m_memoryDock; }
    MemoryPanel* memoryPanel() const { return m_memoryPanel; }

public Q_SLOTS:
    // Opens Settings without blocking (window-modal) and returns it; one at a time.
    SettingsDialog* openSettings();
    // Help → Connect Other AI Tools: the MCP configuration with this machine's paths.
    ConnectToolDialog* showConnectTool();
    void showMemoryItem(const QString& id);
    // Opens the conversation a memory came from and highlights its source message.
    void showSource(const QString& conversationId, const QString& messageId);
    // Answers what the user just did in the status bar, at once.
    void showStatus(const QString& text);
    // Says in the status bar what background work did, after any message not yet read.
    void showNotice(const QString& text);

Q_SIGNALS:
    // Settings were saved: whoever owns the model client re-reads AppSettings and the key.
    void settingsSaved();
    void exportMemoryRequested(const QString& userId);
    void importMemoryRequested(const QString& userId);
    void clearMemoryRequested(const QString& userId);

protected:
    void closeEvent(QCloseEvent* event) override;
    // A new palette (the desktop switched between light and dark) gets the icons drawn for it.
    void changeEvent(QEvent* event) override;

private:
    void setupActions();
    void setupStatusBar();
    void setupMemoryDock();
    void restoreLayout();
    void firstStartLayout();

    void reloadUsers();
    void reloadConversations();
    std::optional<Conversation> findConversation(const QString& id) const;
    void onConversationSelected();

    void newConversation(bool incognito);
    void renameConversation();
    void deleteConversation();
    void newUser();
    void renameUser();
    void deleteUser();
    void titleFromFirstMessage(const QString& conversationId, const QString& text);

    void sendMessage();
    void onBusyChanged(bool busy);
    void updateSendButton();
    void showTurnError(ChatEngine::ErrorKind kind, const QString& message);
    void showConnectionState(ChatEngine::ConnectionState state);
    void showContext(const QList<UsedMemory>& items);
    void updateModelLabel();
    void showAbout();
    void updateThemedIcons();

    std::unique_ptr<::Ui::MainWindow> m_ui;
    MemoryService& m_memory;
    AppSettings& m_settings;
    SecretStore& m_secrets;
    ChatEngine& m_engine;
    ChatController* m_chat{};
    QDockWidget* m_memoryDock{};
    MemoryPanel* m_memoryPanel{};
    MemoryFileCare* m_fileCare{};
    StatusMessages* m_status{};
    QLabel* m_modelLabel{};
    QLabel* m_connectionLabel{};
    QLabel* m_contextLabel{};
    QPointer<SettingsDialog> m_settingsDialog;
    SettingsDialog::ConnectionTester m_tester;

    QString m_userId;
    // Incognito conversations exist only in this window, per profile, until it closes.
    QHash<QString, QList<Conversation>> m_incognito;
};

} // namespace engram
