#pragma once

#include "llm/LlmError.h"
#include "llm/ModelCatalog.h"

#include <QDialog>

#include <memory>

namespace Ui {
class SetupDialog;
}

class QPushButton;

namespace engram {

class AppSettings;
class SecretStore;

// The welcome on a first start, before the main window: what Engram remembers and where, the
// language, and a model to answer. It looks for a local Ollama and offers its models; otherwise
// (or on request) a provider preset with its key and a "Test Connection". Finishing saves the
// endpoint (the key only to the SecretStore); skipping saves nothing of it. Either way it does
// not come back (AppSettings::setupNeeded()).
class SetupDialog final : public QDialog
{
    Q_OBJECT

public:
    SetupDialog(AppSettings& settings, SecretStore& secrets, const QString& memoryFile, QWidget* parent = nullptr);
    ~SetupDialog() override;

    // Where to look for Ollama (its OpenAI-compatible address); the preset's local one by default.
    void setOllamaAddress(const QString& baseUrl);
    QString ollamaAddress() const { return m_ollamaUrl; }
    // Looks for Ollama now; the dialog does so once when first shown.
    void lookForOllama();

    enum class Page
    {
        Ollama,
        Provider
    };
    Page page() const { return m_page; }

public Q_SLOTS:
    // Skipping, closing and Escape all end the welcome for good.
    void reject() override;

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum class Probe
    {
        Searching,
        Found,
        FoundNoChatModel,
        NotFound
    };

    void retranslate();
    void showProbe();
    void onOllamaAnswered(const LlmResult<ModelCatalog>& models);
    void setPage(Page page);
    void applyPreset();
    void changeLanguage();
    void testConnection();
    void updateButtons();
    void finish();

    std::unique_ptr<::Ui::SetupDialog> m_ui;
    AppSettings& m_settings;
    SecretStore& m_secrets;
    QString m_memoryFile;
    QString m_ollamaUrl;
    Probe m_probe{Probe::Searching};
    Page m_page{Page::Ollama};
    qsizetype m_ollamaModels{};
    bool m_probed{};
    int m_probeGeneration{};
    QPushButton* m_startButton{};
    QPushButton* m_skipButton{};
};

} // namespace engram
