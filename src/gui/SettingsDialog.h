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
class SecretStore;

// Settings: the model endpoint (provider presets, address, API key, models, timeouts), memory
// tunables and the language. Saves plain values to AppSettings and the key only to a SecretStore.
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

Q_SIGNALS:
    // Everything was written (the key too); emitted just before the dialog closes.
    void saved();

private:
    void load();
    void loadKey();
    void writeSettings();
    void save();
    void finishSave(const Status& keyStatus);
    void testConnection();
    void applyPreset(int index);
    void matchPresetToAddress();
    void updateKeyStorageNote();

    std::unique_ptr<::Ui::SettingsDialog> m_ui;
    AppSettings& m_settings;
    SecretStore& m_secrets;
    ConnectionTester m_tester;
    ConnectedToolsPage* m_toolsPage{};
    bool m_keyEdited{};
};

} // namespace engram
