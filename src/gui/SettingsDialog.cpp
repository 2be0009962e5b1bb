#include "SettingsDialog.h"
#include "ui_SettingsDialog.h"

#include "AppSettings.h"
#include "ConnectedToolsPage.h"
#include "MemoryStoragePage.h"
#include "ProviderPreset.h"
#include "SecretStore.h"

#include <QPushButton>

namespace engram {

namespace {

void quieten(QLabel* label)
{
    label->setForegroundRole(QPalette::PlaceholderText);
}

bool keyFromEnvironment()
{
    return !qEnvironmentVariableIsEmpty("LLM_API_KEY") || !qEnvironmentVariableIsEmpty("OPENAI_API_KEY");
}

} // namespace

SettingsDialog::SettingsDialog(AppSettings& settings, SecretStore& secrets, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<::Ui::SettingsDialog>())
    , m_settings(settings)
    , m_secrets(secrets)
{
    m_ui->setupUi(this);
    for (QLabel* label : {m_ui->keyStorageLabel, m_ui->memoryOffLabel, m_ui->forgettingNoteLabel,
                          m_ui->languageNoteLabel, m_ui->testResultLabel})
        quieten(label);
    // QFormLayout sizes a wrapping label by its hint, which is narrow; give the notes a field's width.
    for (QLabel* label : {m_ui->keyStorageLabel, m_ui->languageNoteLabel}) {
        label->setMinimumWidth(fontMetrics().averageCharWidth() * 48);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    }

    for (const ProviderPreset& preset : ProviderPreset::all())
        m_ui->providerComboBox->addItem(preset.name.isEmpty() ? tr("Custom") : preset.name, preset.id);
    m_ui->languageComboBox->addItem(tr("System default"), QStringLiteral("system"));
    m_ui->languageComboBox->addItem(QStringLiteral("中文（简体）"), QStringLiteral("zh_CN"));
    m_ui->languageComboBox->addItem(QStringLiteral("English"), QStringLiteral("en"));

    const QString seconds = tr(" s", "unit suffix of a number of seconds");
    m_ui->connectTimeoutSpinBox->setSuffix(seconds);
    m_ui->replyTimeoutSpinBox->setSuffix(seconds);
    m_ui->replyDeadlineSpinBox->setSuffix(seconds);
    const QString tokens = tr(" tokens", "unit suffix of a token budget");
    for (QSpinBox* box : {m_ui->profileBudgetSpinBox, m_ui->episodicBudgetSpinBox, m_ui->windowBudgetSpinBox})
        box->setSuffix(tokens);
    m_ui->maxAgeSpinBox->setSuffix(tr(" days", "unit suffix of a number of days"));
    m_ui->maxAgeSpinBox->setSpecialValueText(tr("Never"));
    // Numbers read better in boxes of one width than stretched across the dialog.
    const int numberWidth = fontMetrics().horizontalAdvance(QStringLiteral("1000000") + tokens) + 48;
    for (QSpinBox* box :
         {m_ui->windowRoundsSpinBox, m_ui->profileBudgetSpinBox, m_ui->episodicBudgetSpinBox, m_ui->windowBudgetSpinBox,
          m_ui->episodeCapacitySpinBox, m_ui->maxAgeSpinBox, m_ui->backupsToKeepSpinBox})
        box->setMinimumWidth(numberWidth);
    m_ui->testConnectionButton->setEnabled(false);
    m_ui->testConnectionButton->setToolTip(tr("Available once a model client is connected"));
    m_ui->saveErrorLabel->setVisible(false);
    if (keyFromEnvironment())
        m_ui->apiKeyLineEdit->setPlaceholderText(tr("Using the key from the environment"));

    connect(m_ui->providerComboBox, &QComboBox::activated, this, &SettingsDialog::applyPreset);
    connect(m_ui->baseUrlLineEdit, &QLineEdit::textEdited, this, &SettingsDialog::matchPresetToAddress);
    connect(m_ui->apiKeyLineEdit, &QLineEdit::textEdited, this, [this] { m_keyEdited = true; });
    connect(m_ui->showKeyToolButton, &QToolButton::toggled, this,
            [this](bool show) { m_ui->apiKeyLineEdit->setEchoMode(show ? QLineEdit::Normal : QLineEdit::Password); });
    connect(m_ui->memoryEnabledCheckBox, &QCheckBox::toggled, this, [this](bool on) {
        m_ui->memoryOffLabel->setVisible(!on);
        m_ui->contextGroupBox->setEnabled(on);
        m_ui->forgettingGroupBox->setEnabled(on);
    });
    connect(m_ui->testConnectionButton, &QPushButton::clicked, this, &SettingsDialog::testConnection);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SettingsDialog::save);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&m_secrets, &SecretStore::persistenceChanged, this, &SettingsDialog::updateKeyStorageNote);

    load();
    loadKey();
    updateKeyStorageNote();
    resize(std::max(width(), sizeHint().width()), sizeHint().height());
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::setConnectionTester(ConnectionTester tester)
{
    m_tester = std::move(tester);
    m_ui->testConnectionButton->setEnabled(bool(m_tester));
    m_ui->testConnectionButton->setToolTip(m_tester ? tr("Send a short request with these settings") : QString());
}

void SettingsDialog::addConnectedToolsPage(ConnectedToolsPage* page)
{
    m_toolsPage = page;
    m_ui->settingsTabWidget->insertTab(m_ui->settingsTabWidget->indexOf(m_ui->generalTab), page,
                                       tr("Connected Tools"));
}

void SettingsDialog::addMemoryStoragePage(MemoryStoragePage* page)
{
    m_storagePage = page;
    m_ui->settingsTabWidget->insertTab(m_ui->settingsTabWidget->indexOf(m_ui->memoryTab) + 1, page,
                                       tr("Memory Storage"));
}

void SettingsDialog::load()
{
    m_ui->providerComboBox->setCurrentIndex(m_ui->providerComboBox->findData(m_settings.providerId()));
    m_ui->baseUrlLineEdit->setText(m_settings.baseUrl());
    m_ui->chatModelLineEdit->setText(m_settings.chatModel());
    m_ui->extractionModelLineEdit->setText(m_settings.extractionModel());
    m_ui->embeddingModelLineEdit->setText(m_settings.embeddingModel());
    m_ui->connectTimeoutSpinBox->setValue(m_settings.connectTimeoutSeconds());
    m_ui->replyTimeoutSpinBox->setValue(m_settings.replyTimeoutSeconds());
    m_ui->replyDeadlineSpinBox->setValue(m_settings.replyDeadlineSeconds());

    m_ui->memoryEnabledCheckBox->setChecked(m_settings.memoryEnabled());
    m_ui->memoryOffLabel->setVisible(!m_settings.memoryEnabled());
    m_ui->windowRoundsSpinBox->setValue(m_settings.windowRounds());
    m_ui->profileBudgetSpinBox->setValue(m_settings.profileBudget());
    m_ui->episodicBudgetSpinBox->setValue(m_settings.episodicBudget());
    m_ui->windowBudgetSpinBox->setValue(m_settings.windowBudget());
    m_ui->episodeCapacitySpinBox->setValue(m_settings.episodeCapacity());
    m_ui->maxAgeSpinBox->setValue(m_settings.maxAgeDays());
    m_ui->backupsToKeepSpinBox->setValue(m_settings.backupsToKeep());

    const int language = m_ui->languageComboBox->findData(m_settings.language());
    m_ui->languageComboBox->setCurrentIndex(language < 0 ? 0 : language);
}

void SettingsDialog::loadKey()
{
    m_secrets.read(AppSettings::apiKeySecretName(), this, [this](const Result<QString>& key) {
        // Whatever the user typed meanwhile wins over what the keychain held.
        if (key && !m_keyEdited)
            m_ui->apiKeyLineEdit->setText(*key);
    });
}

void SettingsDialog::updateKeyStorageNote()
{
    if (m_secrets.isPersistent()) {
        m_ui->keyStorageLabel->setText(tr("The key is kept in the system keychain, never in a file."));
    } else {
        m_ui->keyStorageLabel->setText(tr("%1 The key is kept only until Engram quits and is never written to a "
                                          "file; enter it again after a restart.")
                                           .arg(m_secrets.unavailableReason()));
    }
}

void SettingsDialog::applyPreset(int index)
{
    const ProviderPreset& preset = ProviderPreset::byId(m_ui->providerComboBox->itemData(index).toString());
    if (preset.baseUrl.isEmpty())
        return; // "Custom" keeps whatever the user has entered
    m_ui->baseUrlLineEdit->setText(preset.baseUrl);
    m_ui->chatModelLineEdit->setText(preset.chatModel);
    m_ui->embeddingModelLineEdit->setText(preset.embeddingModel);
}

void SettingsDialog::matchPresetToAddress()
{
    const ProviderPreset& preset = ProviderPreset::byBaseUrl(m_ui->baseUrlLineEdit->text());
    m_ui->providerComboBox->setCurrentIndex(m_ui->providerComboBox->findData(preset.id));
}

void SettingsDialog::writeSettings()
{
    m_settings.setProviderId(m_ui->providerComboBox->currentData().toString());
    m_settings.setBaseUrl(m_ui->baseUrlLineEdit->text());
    m_settings.setChatModel(m_ui->chatModelLineEdit->text());
    m_settings.setExtractionModel(m_ui->extractionModelLineEdit->text());
    m_settings.setEmbeddingModel(m_ui->embeddingModelLineEdit->text());
    m_settings.setConnectTimeoutSeconds(m_ui->connectTimeoutSpinBox->value());
    m_settings.setReplyTimeoutSeconds(m_ui->replyTimeoutSpinBox->value());
    m_settings.setReplyDeadlineSeconds(m_ui->replyDeadlineSpinBox->value());
    m_settings.setMemoryEnabled(m_ui->memoryEnabledCheckBox->isChecked());
    m_settings.setWindowRounds(m_ui->windowRoundsSpinBox->value());
    m_settings.setProfileBudget(m_ui->profileBudgetSpinBox->value());
    m_settings.setEpisodicBudget(m_ui->episodicBudgetSpinBox->value());
    m_settings.setWindowBudget(m_ui->windowBudgetSpinBox->value());
    m_settings.setEpisodeCapacity(m_ui->episodeCapacitySpinBox->value());
    m_settings.setMaxAgeDays(m_ui->maxAgeSpinBox->value());
    m_settings.setBackupsToKeep(m_ui->backupsToKeepSpinBox->value());
    m_settings.setLanguage(m_ui->languageComboBox->currentData().toString());
    m_settings.sync();
}

void SettingsDialog::save()
{
    if (m_storagePage) {
        if (auto st = m_storagePage->check(); !st) {
            m_ui->settingsTabWidget->setCurrentWidget(m_storagePage);
            showSaveError(st.errorMessage());
            return;
        }
    }
    if (m_toolsPage) {
        if (auto st = m_toolsPage->apply(); !st) {
            showSaveError(st.errorMessage());
            return;
        }
    }
    if (m_storagePage)
        m_storagePage->writeSettings();
    writeSettings();
    // The keychain may ask the user to unlock it: wait for its answers before closing.
    m_ui->buttonBox->setEnabled(false);
    saveKey([this](const Status& keyStatus) {
        if (!keyStatus || !m_storagePage)
            return finishSave(keyStatus);
        m_storagePage->savePassword(this, [this](const Status& st) { finishSave(st); });
    });
}

void SettingsDialog::saveKey(std::function<void(const Status&)> done)
{
    if (!m_keyEdited) {
        done(Status());
        return;
    }
    const QString key = m_ui->apiKeyLineEdit->text().trimmed();
    if (key.isEmpty())
        m_secrets.remove(AppSettings::apiKeySecretName(), this, std::move(done));
    else
        m_secrets.write(AppSettings::apiKeySecretName(), key, this, std::move(done));
}

void SettingsDialog::finishSave(const Status& status)
{
    m_ui->buttonBox->setEnabled(true);
    if (!status) {
        showSaveError(status.errorMessage());
        return;
    }
    m_keyEdited = false;
    Q_EMIT saved();
    accept();
}

void SettingsDialog::showSaveError(const QString& message)
{
    m_ui->saveErrorLabel->setText(message);
    m_ui->saveErrorLabel->setVisible(true);
}

void SettingsDialog::testConnection()
{
    if (!m_tester)
        return;
    EndpointCheck check;
    check.baseUrl = m_ui->baseUrlLineEdit->text().trimmed();
    check.apiKey = m_ui->apiKeyLineEdit->text().trimmed();
    check.chatModel = m_ui->chatModelLineEdit->text().trimmed();
    check.timeoutSeconds = m_ui->connectTimeoutSpinBox->value();
    m_ui->testConnectionButton->setEnabled(false);
    m_ui->testResultLabel->setText(tr("Testing…"));
    m_tester(check, this, [this](bool ok, const QString& message) {
        m_ui->testConnectionButton->setEnabled(true);
        m_ui->testResultLabel->setText(ok ? tr("Connected. %1").arg(message) : tr("Failed: %1").arg(message));
    });
}

} // namespace engram
