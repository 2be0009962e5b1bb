#include "SetupDialog.h"
#include "ui_SetupDialog.h"

#include "AppSettings.h"
#include "AppStartup.h"
#include "EndpointProbe.h"
#include "ProviderPreset.h"
#include "SecretStore.h"

#include <QDir>
#include <QEvent>
#include <QPushButton>
#include <QTimer>
#include <QUrl>

namespace engram {

namespace {

// Seconds to wait for a local server: it answers at once or is not there.
constexpr int kProbeSeconds = 3;
constexpr int kTestSeconds = 10;

const ProviderPreset& ollamaPreset()
{
    return ProviderPreset::byId(QStringLiteral("ollama"));
}

void selectData(QComboBox* box, const QString& preferred)
{
    const int index = box->findData(preferred);
    box->setCurrentIndex(index >= 0 ? index : std::min(box->count() - 1, 1));
}

} // namespace

SetupDialog::SetupDialog(AppSettings& settings, SecretStore& secrets, const QString& memoryFile, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<::Ui::SetupDialog>())
    , m_settings(settings)
    , m_secrets(secrets)
    , m_memoryFile(QDir::toNativeSeparators(memoryFile))
    , m_ollamaUrl(ollamaPreset().baseUrl)
{
    m_ui->setupUi(this);
    QFont titleFont = m_ui->titleLabel->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_ui->titleLabel->setFont(titleFont);
    for (QLabel* label : {m_ui->embeddingNoteLabel, m_ui->laterLabel, m_ui->testResultLabel})
        label->setForegroundRole(QPalette::PlaceholderText);

    m_ui->languageComboBox->addItem(QString(), QStringLiteral("system")); // named in retranslate()
    m_ui->languageComboBox->addItem(QStringLiteral("中文（简体）"), QStringLiteral("zh_CN"));
    m_ui->languageComboBox->addItem(QStringLiteral("English"), QStringLiteral("en"));
    const int language = m_ui->languageComboBox->findData(m_settings.language());
    m_ui->languageComboBox->setCurrentIndex(std::max(language, 0));
    for (const ProviderPreset& preset : ProviderPreset::all())
        m_ui->providerComboBox->addItem(preset.name, preset.id); // "Custom" is named in retranslate()
    m_ui->providerComboBox->setCurrentIndex(0);

    m_startButton = m_ui->buttonBox->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_skipButton = m_ui->buttonBox->addButton(QString(), QDialogButtonBox::RejectRole);
    m_startButton->setDefault(true);

    connect(m_ui->languageComboBox, &QComboBox::activated, this, &SetupDialog::changeLanguage);
    connect(m_ui->providerComboBox, &QComboBox::activated, this, &SetupDialog::applyPreset);
    connect(m_ui->lookAgainButton, &QPushButton::clicked, this, &SetupDialog::lookForOllama);
    connect(m_ui->otherProviderButton, &QPushButton::clicked, this, [this] { setPage(Page::Provider); });
    connect(m_ui->testConnectionButton, &QPushButton::clicked, this, &SetupDialog::testConnection);
    for (QLineEdit* edit : {m_ui->baseUrlLineEdit, m_ui->apiKeyLineEdit, m_ui->chatModelLineEdit})
        connect(edit, &QLineEdit::textChanged, this, &SetupDialog::updateButtons);
    connect(m_ui->ollamaChatComboBox, &QComboBox::currentIndexChanged, this, &SetupDialog::updateButtons);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SetupDialog::finish);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &SetupDialog::reject);

    applyPreset();
    setPage(Page::Ollama);
    retranslate();
    resize(std::max(width(), sizeHint().width()), sizeHint().height());
}

SetupDialog::~SetupDialog() = default;

void SetupDialog::setOllamaAddress(const QString& baseUrl)
{
    m_ollamaUrl = baseUrl;
}

void SetupDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    if (!m_probed)
        lookForOllama();
}

void SetupDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void SetupDialog::lookForOllama()
{
    m_probed = true;
    m_probe = Probe::Searching;
    m_ui->lookAgainButton->setEnabled(false);
    showProbe();
    updateButtons();
    // Only the newest search counts: "Look Again" while one runs starts over.
    const QString asked = m_ollamaUrl;
    const int generation = ++m_probeGeneration;
    EndpointProbe::findOllama(asked, kProbeSeconds, this, [this, generation](const LlmResult<ModelCatalog>& models) {
        if (generation == m_probeGeneration)
            onOllamaAnswered(models);
    });
}

void SetupDialog::onOllamaAnswered(const LlmResult<ModelCatalog>& models)
{
    m_ui->lookAgainButton->setEnabled(true);
    if (!models) {
        m_probe = Probe::NotFound;
        setPage(Page::Provider);
        return;
    }
    m_ollamaModels = models->chatModels.size() + models->embeddingModels.size();
    if (models->chatModels.isEmpty()) {
        m_probe = Probe::FoundNoChatModel;
        setPage(Page::Provider);
        return;
    }
    m_probe = Probe::Found;
    m_ui->ollamaChatComboBox->clear();
    for (const QString& model : models->chatModels)
        m_ui->ollamaChatComboBox->addItem(model, model);
    const int preferred = m_ui->ollamaChatComboBox->findData(ollamaPreset().chatModel);
    m_ui->ollamaChatComboBox->setCurrentIndex(std::max(preferred, 0));
    m_ui->ollamaEmbeddingComboBox->clear();
    m_ui->ollamaEmbeddingComboBox->addItem(QString(), QString()); // "None", named in retranslate()
    for (const QString& model : models->embeddingModels)
        m_ui->ollamaEmbeddingComboBox->addItem(model, model);
    selectData(m_ui->ollamaEmbeddingComboBox, ollamaPreset().embeddingModel);
    setPage(Page::Ollama);
    retranslate();
}

void SetupDialog::setPage(Page page)
{
    m_page = page;
    // One page at a time, and the dialog as tall as the page it shows.
    m_ui->ollamaPage->setVisible(page == Page::Ollama);
    m_ui->providerPage->setVisible(page == Page::Provider);
    if (isVisible())
        QTimer::singleShot(
            0, this, [this] { resize(width(), hasHeightForWidth() ? heightForWidth(width()) : sizeHint().height()); });
    m_ui->otherProviderButton->setVisible(page == Page::Ollama);
    showProbe();
    updateButtons();
}

void SetupDialog::showProbe()
{
    const QString where = QUrl(m_ollamaUrl).authority();
    switch (m_probe) {
    case Probe::Searching:
        m_ui->probeLabel->setText(tr("Looking for Ollama on this computer…"));
        break;
    case Probe::Found:
        m_ui->probeLabel->setText(page() == Page::Ollama
                                      ? tr("Ollama runs on this computer with %Ln model(s). Choose the one that "
                                           "answers you:",
                                           nullptr, int(m_ollamaModels))
                                      : tr("Or use a provider on the internet:"));
        break;
    case Probe::FoundNoChatModel:
        m_ui->probeLabel->setText(tr("Ollama runs on this computer but has no chat model yet. Get one with "
                                     "“ollama pull %1” in a terminal and look again, or choose a provider:")
                                      .arg(ollamaPreset().chatModel));
        break;
    case Probe::NotFound:
        m_ui->probeLabel->setText(tr("No Ollama answered at %1. Install it from ollama.com and look again, or "
                                     "choose a provider:")
                                      .arg(where));
        break;
    }
}

void SetupDialog::applyPreset()
{
    const ProviderPreset& preset = ProviderPreset::byId(m_ui->providerComboBox->currentData().toString());
    if (!preset.baseUrl.isEmpty()) {
        m_ui->baseUrlLineEdit->setText(preset.baseUrl);
        m_ui->chatModelLineEdit->setText(preset.chatModel);
    }
    m_ui->apiKeyLineEdit->setEnabled(preset.needsKey || preset.baseUrl.isEmpty());
    m_ui->testResultLabel->clear();
    retranslate();
}

void SetupDialog::retranslate()
{
    m_ui->retranslateUi(this);
    m_ui->introLabel->setText(
        tr("Engram remembers what you tell it, facts about you and what you talked about, so you need not "
           "introduce yourself again. All of it stays in one file on this computer, %1, and the panel “What the "
           "assistant remembers” shows every item, to correct or delete.")
            .arg(m_memoryFile));
    m_ui->languageComboBox->setItemText(0, tr("System default"));
    m_ui->providerComboBox->setItemText(m_ui->providerComboBox->count() - 1, tr("Custom"));
    if (m_ui->ollamaEmbeddingComboBox->count() > 0)
        m_ui->ollamaEmbeddingComboBox->setItemText(0, tr("None: find memories by their words only"));
    m_startButton->setText(tr("Start Chatting"));
    m_skipButton->setText(tr("Skip for Now"));

    const ProviderPreset& preset = ProviderPreset::byId(m_ui->providerComboBox->currentData().toString());
    const QString link =
        QStringLiteral("<a href=\"%1\">%2</a>").arg(preset.helpUrl, QUrl(preset.helpUrl).host().toHtmlEscaped());
    if (preset.helpUrl.isEmpty())
        m_ui->helpLabel->setText(
            tr("Any server that speaks the OpenAI API: enter its address, usually ending in /v1."));
    else if (preset.needsKey)
        m_ui->helpLabel->setText(tr("%1 needs an API key: create one at %2.").arg(preset.name.toHtmlEscaped(), link));
    else
        m_ui->helpLabel->setText(tr("Runs on your own computer, no key needed: %1.").arg(link));
    showProbe();
}

void SetupDialog::changeLanguage()
{
    const QString language = m_ui->languageComboBox->currentData().toString();
    m_settings.setLanguage(language);
    m_settings.sync();
    // Every widget gets a LanguageChange event; this dialog answers it in retranslate().
    AppStartup::installTranslators(*QCoreApplication::instance(), language);
}

void SetupDialog::updateButtons()
{
    bool ready = false;
    if (page() == Page::Ollama) {
        ready = m_probe == Probe::Found && m_ui->ollamaChatComboBox->count() > 0;
    } else {
        const ProviderPreset& preset = ProviderPreset::byId(m_ui->providerComboBox->currentData().toString());
        ready = !m_ui->baseUrlLineEdit->text().trimmed().isEmpty() &&
                !m_ui->chatModelLineEdit->text().trimmed().isEmpty() &&
                (!preset.needsKey || !m_ui->apiKeyLineEdit->text().trimmed().isEmpty());
    }
    m_startButton->setEnabled(ready);
    m_ui->testConnectionButton->setEnabled(!m_ui->baseUrlLineEdit->text().trimmed().isEmpty());
}

void SetupDialog::testConnection()
{
    EndpointCheck check;
    check.baseUrl = m_ui->baseUrlLineEdit->text().trimmed();
    check.apiKey = m_ui->apiKeyLineEdit->isEnabled() ? m_ui->apiKeyLineEdit->text().trimmed() : QString();
    check.chatModel = m_ui->chatModelLineEdit->text().trimmed();
    check.timeoutSeconds = kTestSeconds;
    m_ui->testConnectionButton->setEnabled(false);
    m_ui->testResultLabel->setText(tr("Testing…"));
    EndpointProbe::test(check, this, [this](bool ok, const QString& message) {
        m_ui->testConnectionButton->setEnabled(true);
        m_ui->testResultLabel->setText(ok ? message : tr("Failed: %1").arg(message));
    });
}

void SetupDialog::finish()
{
    QString key;
    if (page() == Page::Ollama) {
        m_settings.setProviderId(ollamaPreset().id);
        m_settings.setBaseUrl(m_ollamaUrl);
        m_settings.setChatModel(m_ui->ollamaChatComboBox->currentData().toString());
        m_settings.setEmbeddingModel(m_ui->ollamaEmbeddingComboBox->currentData().toString());
    } else {
        const ProviderPreset& preset = ProviderPreset::byId(m_ui->providerComboBox->currentData().toString());
        m_settings.setProviderId(preset.id);
        m_settings.setBaseUrl(m_ui->baseUrlLineEdit->text());
        m_settings.setChatModel(m_ui->chatModelLineEdit->text().trimmed());
        m_settings.setEmbeddingModel(preset.embeddingModel);
        if (m_ui->apiKeyLineEdit->isEnabled())
            key = m_ui->apiKeyLineEdit->text().trimmed();
    }
    m_settings.setSetupDone();
    m_settings.sync();
    if (key.isEmpty()) {
        accept();
        return;
    }
    // The keychain may ask the user to unlock it: wait for its answer before closing.
    m_ui->buttonBox->setEnabled(false);
    m_secrets.write(AppSettings::apiKeySecretName(), key, this, [this](const Status& stored) {
        m_ui->buttonBox->setEnabled(true);
        if (!stored) {
            m_ui->testResultLabel->setText(tr("The key could not be stored: %1").arg(stored.errorMessage()));
            return;
        }
        accept();
    });
}

void SetupDialog::reject()
{
    // Skipped (or closed): the app works without a model for the history and the panel, and
    // Settings sets one up later. The welcome does not come back.
    m_settings.setSetupDone();
    m_settings.sync();
    QDialog::reject();
}

} // namespace engram
