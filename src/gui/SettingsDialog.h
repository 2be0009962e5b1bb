#pragma once

#include "EndpointProbe.h"
#include "core/Result.h"

#include <QDialog>

#include <functional>
#include <memory>

namespace Ui {
class SettingsDialog;
}

namespace engram {

class AppSettings;
class ConnectedToolsPage;
class MemoryStoragePage;
class SecretStore;

// Settings: the model endpoint (provider presets, address, API key, models, timeouts), memory
// tunables, where the memory lives and the language. Saves plain values to AppSettings and the key
// and the memory server's password only to a SecretStore.
class SettingsDialog final : public QDialog
{
    Q_OBJECT

public:
    // Answers `done(ok, message)` later, on the GUI thread, while `context` lives.
    using ConnectionTester = std::function<void(const EndpointCheck& check, QObject* context,
                                                std::function<void(bool ok, const QString& message)> done)>;

    SettingsDialog(AppSettings& settings, SecretStore& secrets, QWidget* parent = nullptr);
    ~SettingsDialog() override;

    // Without a tester the Test button is disabled.
    void setConnectionTester(ConnectionTester tester);
    // Adds the Connected Tools tab (the dialog takes it); Save applies what it changed.
    void addConnectedToolsPage(ConnectedToolsPage* page);
    // Adds the Memory storage tab (the dialog takes it); Save refuses what it cannot use and
    // applies the rest.
    void addMemoryStoragePage(MemoryStoragePage* page);

Q_SIGNALS:
    // Everything was written (the key too); emitted just before the dialog closes.
    void saved();

private:
    void load();
    void loadKey();
    void writeSettings();
    void save();
    // Writes or removes the API key when it was edited; `done` once the keychain answered.
    void saveKey(std::function<void(const Status&)> done);
    void finishSave(const Status& status);
    void showSaveError(const QString& message);
    void testConnection();
    void applyPreset(int index);
    void matchPresetToAddress();
    void updateKeyStorageNote();

    std::unique_ptr<::Ui::SettingsDialog> m_ui;
    AppSettings& m_settings;
    SecretStore& m_secrets;
    ConnectionTester m_tester;
    ConnectedToolsPage* m_toolsPage{};
    MemoryStoragePage* m_storagePage{};
    bool m_keyEdited{};
};

} // namespace engram
